// Masking prose: same shape and UTF-16 length, OpenClaw's markers kept, hygiene's text tests unchanged.
import { describe, expect, it } from 'vitest';
import { maskText } from '../../../../shared/redact/mask-text.js';
import { PROTECTED_PATTERN, PROTECTED_PHRASES, PROTECTED_PREFILTER } from '../../../../shared/redact/vocabulary.js';
import { isSilentReplyText } from '../../../../shared/text/silent-reply.js';
import { RUNTIME_CONTEXT_BEGIN, RUNTIME_CONTEXT_END, stripInternalMetadata } from '../../../../shared/text/internal-metadata.js';

describe('maskText', () => {
  it('replaces letters and digits, keeps whitespace and punctuation', () => {
    expect(maskText('Hello, World 42!\n\tok?')).toBe('Xxxxx, Xxxxx 00!\n\txx?');
  });

  it('keeps the UTF-16 length of accented, CJK and astral text, and lone surrogates', () => {
    const text = 'Café 東京 𝒜 😀 \ud800x';
    const out = maskText(text);
    expect(out).toBe('Xxxø øø 𝑥 😀 \ud800x');
    expect(out.length).toBe(text.length);
  });

  it('leaves blank and punctuation-only texts as they are', () => {
    for (const text of ['', '   ', '\n\t ', '---', '…']) expect(maskText(text)).toBe(text);
  });

  it('keeps booleans written as strings', () => {
    expect(maskText('true')).toBe('true');
    expect(maskText(' False ')).toBe(' False ');
  });

  it('keeps the silent-reply token in any case, and a silent reply stays one', () => {
    expect(maskText('no_reply')).toBe('no_reply');
    const silent = 'thinking:\nthe deploy failed twice\nI will stay quiet\nNO_REPLY';
    expect(isSilentReplyText(silent)).toBe(true);
    expect(maskText(silent)).toBe('thinking:\nthe xxxxxx xxxxxx xxxxx\nI will stay quiet\nNO_REPLY');
    expect(isSilentReplyText(maskText(silent))).toBe(true);
    const answered = 'thinking:\nyou should retry the build\nI will stay quiet\nNO_REPLY';
    expect(isSilentReplyText(answered)).toBe(false);
    expect(isSilentReplyText(maskText(answered))).toBe(false);
  });

  it('masks ordinary words in a text without the token', () => {
    expect(maskText('I will stay quiet')).toBe('X xxxx xxxx xxxxx');
  });

  it('keeps runtime-context delimiters, so the same span is stripped', () => {
    const text = `Fix the build please\n${RUNTIME_CONTEXT_BEGIN}\nsecret path /home/alice\n${RUNTIME_CONTEXT_END}\nthanks`;
    const out = maskText(text);
    expect(out).toBe(`Xxx xxx xxxxx xxxxxx\n${RUNTIME_CONTEXT_BEGIN}\nxxxxxx xxxx /xxxx/xxxxx\n${RUNTIME_CONTEXT_END}\nxxxxxx`);
    expect(stripInternalMetadata(out)).toBe('Xxx xxx xxxxx xxxxxx\n\nxxxxxx');
  });

  it('keeps heartbeat tokens and the inter-session header', () => {
    expect(maskText('HEARTBEAT_OK all good')).toBe('HEARTBEAT_OK xxx xxxx');
    expect(maskText('[Inter-session message] sourceSession=agent:main isUser=false')).toBe(
      '[Inter-session message] sourceSession=xxxxx:xxxx isUser=false',
    );
  });

  it('is deterministic', () => {
    const text = 'Same words, same placeholder.';
    expect(maskText(text)).toBe(maskText(text));
  });

  it('masks a text of ASCII alone as it masks the same text with a character past ASCII', () => {
    // The ASCII way and the general way, side by side: each text masked alone, then with "é" after it
    // (the general way takes over there) and before it (the general way throughout), must differ only
    // in that character.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round += 1) {
      let text = '';
      const length = Math.floor(random() * 40) + 1;
      for (let i = 0; i < length; i += 1) text += String.fromCharCode(Math.floor(random() * 0x80));
      if (text.trim() === 'true' || text.trim() === 'false') continue;
      expect(maskText(`${text}é`)).toBe(`${maskText(text)}ø`);
      // And wholly the general way, from a first character past ASCII.
      expect(maskText(`é${text}`)).toBe(`ø${maskText(text)}`);
    }
  });

  it('keeps every unit of a masked text: a leading U+FEFF, pairs and lone surrogates anywhere', () => {
    for (const text of ['\uFEFFab', 'a\uFEFF', '𝒜x', 'x\ud800', '\udc00x', 'a\ud800\ud800b', 'é\uFEFF', '東\ud83d']) {
      const out = maskText(text);
      expect(out.length).toBe(text.length);
      for (let i = 0; i < text.length; i += 1) {
        const code = text.charCodeAt(i);
        // Whatever is not a letter or digit stays the same unit.
        if (code === 0xfeff || (code >= 0xd800 && code <= 0xdfff && !/\p{L}/u.test(text.slice(i - 1, i + 1))))
          expect(out.charCodeAt(i)).toBe(code);
      }
    }
    expect(maskText('\uFEFFab')).toBe('\uFEFFxx');
    expect(maskText('é\uFEFF\ud800')).toBe('ø\uFEFF\ud800');
  });

  it('keeps a marker whatever the case of its ASCII letters and the whitespace between its words', () => {
    const variants = (phrase: string) => [
      phrase,
      phrase.toUpperCase(),
      phrase.toLowerCase(),
      [...phrase].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
      phrase.replace(/ /g, '\u00a0\t'),
    ];
    for (const phrase of PROTECTED_PHRASES)
      for (const variant of variants(phrase)) {
        const text = `Zz ${variant} qq`;
        expect(maskText(text)).toBe(`Xx ${variant} xx`);
      }
    // Letters outside ASCII never stand for ASCII ones in a marker: a long s is not an s.
    expect(maskText('ſourceTool=')).toBe('øxxxxxXxxx=');
  });

  it('tells a text holds a marker exactly when the markers’ own pattern finds one', () => {
    // Texts of pieces of markers (whole, cut short, cut at both ends), in any case and with any
    // whitespace between words, so that many come near a marker without being one.
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const pieceOf = (phrase: string) => {
      const from = random() < 0.5 ? 0 : Math.floor(random() * phrase.length);
      const to = random() < 0.5 ? phrase.length : from + Math.floor(random() * (phrase.length - from + 1));
      let piece = phrase.slice(from, to).replace(/ /g, () => ['  ', '\n', '\t ', '\u00a0', ' '][Math.floor(random() * 5)]);
      if (random() < 0.5) piece = piece.toUpperCase();
      return piece;
    };
    let found = 0;
    for (let round = 0; round < 3000; round += 1) {
      const pieces = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        pieceOf(PROTECTED_PHRASES[Math.floor(random() * PROTECTED_PHRASES.length)]),
      );
      const text = pieces.join(random() < 0.5 ? '' : ' ');
      PROTECTED_PATTERN.lastIndex = 0;
      const expected = PROTECTED_PATTERN.test(text);
      expect(PROTECTED_PREFILTER.test(text)).toBe(expected);
      if (expected) found += 1;
    }
    expect(found).toBeGreaterThan(500);
    expect(found).toBeLessThan(2900);
  });
});
