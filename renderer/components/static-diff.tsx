/**
 * The first lines of the original and replay documents as plain text, shown while the diff editor
 * loads: Monaco's chunk takes hundreds of milliseconds to run and its first layout as long again,
 * and the documents are often in before that. It sits over the editor, with the editor's font,
 * line height and columns, until the editor has drawn the same documents.
 */
import { useLayoutEffect } from 'react';
import { firstLines } from '../diff/first-lines.js';

/** The editor's line height for its 12.5 px font (Monaco's 1.35 × the font size, rounded). */
const LINE_HEIGHT_PX = 17;
/** Less than the font's 7.5 px advance: the columns counted are never fewer than those shown. */
const CHAR_WIDTH_PX = 7;

/** Props of the plain view. */
export interface StaticDiffProps {
  original: string;
  replay: string;
  theme: 'light' | 'dark';
  /** One column (the replay) instead of two sides, as the editor's inline mode. */
  inline: boolean;
  wordWrap: boolean;
  /** The original side's share of the width, as the editor's split starts. */
  splitRatio: number;
  /** Called in the first frame that draws the documents' lines. */
  onPainted: () => void;
}

/** One side's first lines with their numbers. */
function Side({ text, side, wrap }: { text: string; side: 'original' | 'replay'; wrap: boolean }) {
  // The pane is never larger than the window: this many rows and columns always fill it.
  const fit = { rows: Math.ceil(window.innerHeight / LINE_HEIGHT_PX), columns: Math.ceil(window.innerWidth / CHAR_WIDTH_PX), wrap };
  const lines = firstLines(text, fit);
  return (
    <div className={`static-diff-side ${side}`} data-side={side}>
      {lines.map((line, i) => (
        <div className="static-diff-line" key={i}>
          <span className="static-diff-number">{i + 1}</span>
          <span className="static-diff-text">{line}</span>
        </div>
      ))}
    </div>
  );
}

/** The plain view of both documents' first lines. */
export function StaticDiff({ original, replay, theme, inline, wordWrap, splitRatio, onPainted }: StaticDiffProps) {
  // The frame after the commit is the one that draws these lines.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(onPainted);
    return () => cancelAnimationFrame(frame);
  }, [original, replay]);
  return (
    <div
      className="static-diff"
      data-testid="static-diff"
      data-theme={theme}
      data-inline={inline ? 'true' : 'false'}
      data-wrap={wordWrap ? 'true' : 'false'}
      style={{ ['--split' as string]: String(splitRatio) }}
      aria-busy="true"
    >
      {!inline && <Side text={original} side="original" wrap={wordWrap} />}
      <Side text={replay} side="replay" wrap={wordWrap} />
      <div className="overlay-note subtle" role="status">
        Loading the editor…
      </div>
    </div>
  );
}
