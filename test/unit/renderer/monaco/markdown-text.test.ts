// Session text in Markdown hovers: escaped so that it renders as exactly those characters.
import { describe, expect, it } from 'vitest';
import { markdownText } from '../../../../renderer/monaco/markdown-text.js';

describe('markdownText', () => {
  it('escapes link, image and autolink syntax', () => {
    expect(markdownText('[evil](https://evil.example)')).toBe('\\[evil\\]\\(https\\:\\/\\/evil\\.example\\)');
    expect(markdownText('![x](y)')).toBe('\\!\\[x\\]\\(y\\)');
    expect(markdownText('<https://a.b>')).toBe('\\<https\\:\\/\\/a\\.b\\>');
    expect(markdownText('www.evil.example')).toBe('www\\.evil\\.example');
  });

  it('escapes emphasis, code, HTML and entities', () => {
    expect(markdownText('**b** _i_ `c` <img src=x> &amp;')).toBe('\\*\\*b\\*\\* \\_i\\_ \\`c\\` \\<img src\\=x\\> \\&amp\\;');
  });

  it('keeps words, digits and non-ASCII text as they are; line breaks become visible escapes', () => {
    expect(markdownText('tool read 42 — café 東京')).toBe('tool read 42 — café 東京');
    expect(markdownText('a\n\n# b')).toBe('a\\\\n\\\\n\\# b');
  });
});
