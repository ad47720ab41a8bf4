// Pretty-printing with elided base64 and turn ranges.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ELIDE_MIN_CHARS, humanBytes, prettyDocument } from '../../../../../electron/host/inspector/document-text.js';

const noRanges = { listKey: null, entryTurn: () => null, refPrefix: 'replay:payload' };

describe('prettyDocument', () => {
  it('prints exactly what JSON.stringify(value, null, 2) prints when nothing is elided', () => {
    const value = { model: 'm', n: 1.5, ok: true, none: null, list: [], obj: {}, nested: [{ a: 'x\n"y"' }, [1, 2]], skip: undefined };
    expect(prettyDocument(value, noRanges).text).toBe(JSON.stringify(value, null, 2));
    expect(prettyDocument([1, 'two', { three: 3 }], noRanges).text).toBe(JSON.stringify([1, 'two', { three: 3 }], null, 2));
  });

  it('gives the 1-based line range of every conversation entry', () => {
    const payload = {
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      ],
    };
    const doc = prettyDocument(payload, {
      listKey: 'messages',
      entryTurn: (i) => ({ index: i, turn: i * 10 }),
      refPrefix: 'original:payload',
    });
    const lines = doc.text.split('\n');
    expect(doc.ranges).toEqual([
      { index: 0, turn: 0, startLine: 4, endLine: 7 },
      { index: 1, turn: 10, startLine: 8, endLine: 16 },
    ]);
    expect(lines[3]).toBe('    {');
    expect(lines[6]).toBe('    },');
    expect(lines[15]).toBe('    }');
  });

  it('elides images and other long base64 to placeholders, with refs for thumbnails', async () => {
    const png = (
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#468' } })
        .png({ compressionLevel: 0 })
        .toBuffer()
    ).toString('base64');
    const signature = 'Q'.repeat(ELIDE_MIN_CHARS + 8);
    const prose = 'word '.repeat(400);
    const payload = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { data: png } },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
          ],
        },
        { role: 'assistant', sig: signature, text: prose },
      ],
    };
    const doc = prettyDocument(payload, { listKey: 'messages', entryTurn: (i) => ({ index: i, turn: i }), refPrefix: 'replay:payload' });
    expect(doc.elisions).toHaveLength(3);
    const [image, dataUrl, opaque] = doc.elisions;
    expect(image.placeholder).toMatch(/^<image\/png \d+(\.\d)? (KB|MB) 1600×900>$/);
    expect(image).toMatchObject({ imageRef: 'replay:payload:0', mimeType: 'image/png' });
    expect(dataUrl).toMatchObject({ imageRef: 'replay:payload:1', mimeType: 'image/png', placeholder: image.placeholder });
    expect(opaque.placeholder).toMatch(/^<base64 \d+ B sha256:[0-9a-f]{8}…>$/);
    expect(opaque.imageRef).toBeUndefined();
    expect(doc.text).not.toContain(png.slice(0, 200));
    expect(doc.text).toContain(prose.trim().slice(0, 50));
    expect(doc.text.split('\n')[image.line - 1]).toContain(image.placeholder);
    expect(doc.elided[0].base64).toBe(png);
    expect(doc.elided[1].base64).toBe(png);
  });

  it('formats sizes briefly', () => {
    expect(humanBytes(100)).toBe('100 B');
    expect(humanBytes(512 * 1024)).toBe('512 KB');
    expect(humanBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
