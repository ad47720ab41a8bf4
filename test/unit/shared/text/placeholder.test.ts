// Placeholders of long strings: the same words in the diff's documents and in the side panel's before/after values.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prettyDocument } from '../../../../electron/host/inspector/document-text.js';
import { sha256Hex } from '../../../../shared/hash/sha256.js';
import { classifyLongString, ELIDE_MIN_CHARS, withPlaceholders } from '../../../../shared/text/placeholder.js';

describe('withPlaceholders', () => {
  it('replaces images, opaque base64 and huge text by the placeholders the documents show', async () => {
    const png = (
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#468' } })
        .png({ compressionLevel: 0 })
        .toBuffer()
    ).toString('base64');
    const opaque = 'Q'.repeat(ELIDE_MIN_CHARS + 8);
    const value = {
      type: 'image',
      data: png,
      url: `data:image/png;base64,${png}`,
      sig: opaque,
      short: 'kept as is',
      nested: [{ log: 'a log line\n'.repeat(7000) }],
    };
    const shown = withPlaceholders(value, sha256Hex) as typeof value;
    const doc = prettyDocument(value, { listKey: null, entryTurn: () => null, refPrefix: 'p' });
    // The document's placeholders are the ones the panel shows.
    expect(doc.elisions.map((e) => e.placeholder)).toEqual([shown.data, shown.url, shown.sig, shown.nested[0].log]);
    expect(shown.data).toMatch(/^<image\/png \d+ KB 640×480>$/);
    // The page's digest is node:crypto's: the same name for the same bytes.
    expect(shown.sig).toBe('<base64 774 B sha256:3fd1da6e…>');
    expect(shown.nested[0].log).toBe('<text 75 KB, 7001 lines: a log line…>');
    expect(shown.short).toBe('kept as is');
    expect(JSON.stringify(shown)).not.toContain(png.slice(0, 100));
  });

  it('tells base64 from text by the whole string: the alphabets, then up to two "=" at the end', () => {
    const body = 'QUJD'.repeat(ELIDE_MIN_CHARS);
    const middle = body.length / 2;
    const kind = (value: string) => classifyLongString(value)?.kind ?? null;
    expect(kind(body)).toBe('base64');
    expect(kind(`${body}=`)).toBe('base64');
    expect(kind(`${body}==`)).toBe('base64');
    expect(kind(`${body.slice(0, middle)}-_${body.slice(middle)}`)).toBe('base64');
    expect(kind(`${body}===`)).toBeNull();
    expect(kind(`${body.slice(0, middle)}=${body.slice(middle)}`)).toBeNull();
    expect(kind(`${body.slice(0, middle)} ${body.slice(middle)}`)).toBeNull();
    expect(kind(`${body.slice(0, middle)}é${body.slice(middle)}`)).toBeNull();
    expect(kind(`${body}\n`)).toBeNull();
    expect(kind('='.repeat(ELIDE_MIN_CHARS))).toBeNull();
  });

  it('leaves short strings, numbers and prose under the text limit alone', () => {
    expect(classifyLongString('abc')).toBeNull();
    expect(classifyLongString('word '.repeat(1000))).toBeNull();
    expect(withPlaceholders([1, null, true, 'x'], sha256Hex)).toEqual([1, null, true, 'x']);
  });
});
