// Every rule speaks to users: a plain title (not its id), a short English explanation with no pointer to design documents or OpenClaw's source.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../shared/rules/index.js';

describe('rule words for users', () => {
  it('has rules to check', () => {
    expect(RULES.length).toBeGreaterThan(20);
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      it('has a plain title: words, not the id, short enough for one line of the side panel', () => {
        expect(rule.title.trim()).toBe(rule.title);
        expect(rule.title.length).toBeGreaterThanOrEqual(8);
        expect(rule.title.length).toBeLessThanOrEqual(48);
        expect(rule.title).not.toBe(rule.id);
        expect(rule.title).not.toMatch(/[a-z]+-[a-z]+-[a-z]+/);
        expect(rule.title[0]).toMatch(/[A-Z]/);
      });

      it('has a short explanation in English, with no design-document references', () => {
        const text = rule.explanation;
        expect(text.length).toBeGreaterThanOrEqual(60);
        expect(text.length).toBeLessThanOrEqual(700);
        expect(text).toMatch(/[.)]$/);
        expect(text).not.toMatch(/SPEC|DESIGN\.md|§|reference\.md|seeds\//);
        expect(text).not.toMatch(/\b(não|para o|porque|então|também|quando)\b/i);
        expect(text).not.toMatch(/[ãõç]/);
        expect(text).not.toMatch(/TODO|FIXME|XXX/);
      });

      it('says which providers it applies to', () => {
        expect(rule.providers.length).toBeGreaterThan(3);
      });
    });
  }
});
