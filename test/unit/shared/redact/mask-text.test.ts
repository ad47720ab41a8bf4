// Masking prose: same shape and UTF-16 length, OpenClaw's markers kept, hygiene's text tests unchanged.
import { describe, expect, it } from 'vitest';
import { maskText } from '../../../../shared/redact/mask-text.js';
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
});
