/**
 * The diff editor's side-by-side split, remembered like the other panes: Monaco's sash takes a starting
 * ratio but reports no moves, so the ratio is read back from the layout once the user lets go of it (or
 * resets it with a double click, which goes back to the middle). Monaco also forgets the starting ratio
 * on any later `updateOptions` that does not repeat it, so the editor passes it with every update.
 */
import type { monaco } from './setup.js';

/** The split's ratio is kept within Monaco's own limits. */
export function clampRatio(ratio: number): number {
  return Math.min(0.9, Math.max(0.1, ratio));
}

/** The share of the diff's width left of the split (the original side), or null when it is not side by side. */
export function readSplitRatio(host: HTMLElement): number | null {
  const root = host.querySelector<HTMLElement>('.monaco-diff-editor');
  const modified = root?.querySelector<HTMLElement>(':scope > .editor.modified');
  if (!root || !modified || !root.classList.contains('side-by-side')) return null;
  // Monaco splits the width left of its overview ruler: the replay side ends where that starts.
  const left = Number.parseFloat(modified.style.left);
  const width = left + Number.parseFloat(modified.style.width);
  return width > 0 && Number.isFinite(width) ? clampRatio(left / width) : null;
}

/** Call `onRatio` each time the user moves (or resets) the split; returns the function that stops listening. */
export function watchSplit(host: HTMLElement, editor: monaco.editor.IStandaloneDiffEditor, onRatio: (ratio: number) => void): () => void {
  let dragging = false;
  const onSash = (event: Event) => (event.target as Element | null)?.closest?.('.monaco-sash') ?? null;
  const report = () =>
    requestAnimationFrame(() => {
      const ratio = readSplitRatio(host);
      if (ratio !== null) onRatio(ratio);
    });
  const down = (event: PointerEvent) => {
    dragging = onSash(event) !== null;
  };
  const up = () => {
    if (!dragging) return;
    dragging = false;
    report();
  };
  const reset = (event: MouseEvent) => {
    if (onSash(event) === null) return;
    // Monaco's reset goes back to its starting ratio, which is the remembered one: the middle is what a reset means.
    editor.updateOptions({ splitViewDefaultRatio: 0.5 });
    report();
  };
  // Capture: Monaco's sash handles these events itself and may stop them.
  host.addEventListener('pointerdown', down, true);
  window.addEventListener('pointerup', up, true);
  host.addEventListener('dblclick', reset, true);
  return () => {
    host.removeEventListener('pointerdown', down, true);
    window.removeEventListener('pointerup', up, true);
    host.removeEventListener('dblclick', reset, true);
  };
}
