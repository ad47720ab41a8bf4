import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateShape, SHAPES } from '../../bench/session-shapes.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'shapes-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many characters of the file, decoded, are past U+00FF. */
function pastLatin1(file: string): number {
  const text = readFileSync(file, 'utf8');
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0xff) count += 1;
  return count;
}

/** The file's lines with every string value replaced, so only the structure is compared. */
function structure(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, 40)
    .map((line) => {
      try {
        return JSON.stringify(JSON.parse(line, (_key, value: unknown) => (typeof value === 'string' ? 's' : value)));
      } catch {
        return 'cut-off';
      }
    });
}

describe('the shapes generator text option', () => {
  it.each(SHAPES)(
    '%s: latin1 text has no character past U+00FF, the mixed text has some, and both have the same structure',
    async (shape) => {
      const mixed = path.join(dir, `${shape}-mixed.jsonl`);
      const latin1 = path.join(dir, `${shape}-latin1.jsonl`);
      await generateShape(mixed, shape, 0.25);
      await generateShape(latin1, shape, 0.25, 42, 'latin1');
      expect(pastLatin1(mixed)).toBeGreaterThan(0);
      expect(pastLatin1(latin1)).toBe(0);
      // Accents stay: the latin1 text is not plain ASCII.
      expect(readFileSync(latin1, 'utf8')).toContain('é');
      expect(structure(latin1)).toEqual(structure(mixed));
    },
  );
});
