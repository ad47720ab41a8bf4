// The keys the window answers (Ctrl/Cmd+F is the diff's search, not Monaco's), and the widths a pane may take.
import { describe, expect, it } from 'vitest';
import { shortcutFor } from '../../../../renderer/components/use-shortcuts.js';
import { clampWidth, PANE_LIMITS } from '../../../../renderer/components/workspace.js';

const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean; code: string }> = {}) => ({
  key: k,
  code: mods.code ?? '',
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('shortcutFor', () => {
  it('maps Ctrl or Cmd with F to the diff search, with O to open and K to the target', () => {
    expect(shortcutFor(key('f', { ctrl: true }))).toBe('search');
    expect(shortcutFor(key('F', { meta: true }))).toBe('search');
    expect(shortcutFor(key('o', { ctrl: true }))).toBe('open');
    expect(shortcutFor(key('k', { meta: true }))).toBe('focus-target');
  });

  it('leaves Ctrl+Shift+F, Alt+F and a plain f to the page and the editor', () => {
    expect(shortcutFor(key('F', { ctrl: true, shift: true }))).toBeNull();
    expect(shortcutFor(key('f', { alt: true }))).toBeNull();
    expect(shortcutFor(key('f'))).toBeNull();
  });

  it('steps annotations with F8 and Shift+F8, windows with Alt+PageDown/PageUp, the view with Alt+V', () => {
    expect(shortcutFor(key('F8'))).toBe('next-annotation');
    expect(shortcutFor(key('F8', { shift: true }))).toBe('previous-annotation');
    expect(shortcutFor(key('PageDown', { alt: true }))).toBe('next-window');
    expect(shortcutFor(key('PageUp', { alt: true }))).toBe('previous-window');
    expect(shortcutFor(key('√', { alt: true, code: 'KeyV' }))).toBe('toggle-view');
    expect(shortcutFor(key('PageDown'))).toBeNull();
  });

  it('goes into the Recorded view and back with Alt+R (by the key, whatever the layout types), not with Ctrl+R or Alt+Shift+R', () => {
    expect(shortcutFor(key('®', { alt: true, code: 'KeyR' }))).toBe('recorded');
    expect(shortcutFor(key('r', { ctrl: true, code: 'KeyR' }))).toBeNull();
    expect(shortcutFor(key('R', { alt: true, shift: true, code: 'KeyR' }))).toBeNull();
  });
});

describe('clampWidth', () => {
  it('keeps a width inside the pane’s limits, rounded to whole pixels', () => {
    expect(clampWidth('turns', 300.4)).toBe(300);
    expect(clampWidth('turns', 10)).toBe(PANE_LIMITS.turns.min);
    expect(clampWidth('turns', 5000)).toBe(PANE_LIMITS.turns.max);
    expect(clampWidth('side', -50)).toBe(PANE_LIMITS.side.min);
    expect(clampWidth('side', 10_000)).toBe(PANE_LIMITS.side.max);
  });

  it('starts each pane inside its limits', () => {
    for (const pane of ['turns', 'side'] as const) {
      const { min, max, initial } = PANE_LIMITS[pane];
      expect(clampWidth(pane, initial)).toBe(initial);
      expect(min).toBeLessThan(max);
    }
  });
});
