/** Search in both sides of the diff at once: every match highlighted, one current match revealed, stepping in line order. */
import type { Side } from '../../shared/api.js';
import { monaco } from './setup.js';

/** Matches found per side at most (a search for "e" in a long session must stay quick). */
const MAX_MATCHES = 5000;

/** What a search found, and which match is shown (1-based; 0 before stepping). */
export interface SearchState {
  query: string;
  total: number;
  original: number;
  replay: number;
  current: number;
  /** True when a side had more matches than are counted. */
  capped: boolean;
}

interface Match {
  side: Side;
  range: monaco.Range;
}

/** The search over the two editors of a diff. */
export class DiffSearch {
  private matches: Match[] = [];
  private current = -1;
  private query = '';
  private capped = false;
  private readonly all: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  private readonly focus: Record<Side, monaco.editor.IEditorDecorationsCollection>;

  constructor(private readonly editors: Record<Side, monaco.editor.ICodeEditor>) {
    this.all = { original: editors.original.createDecorationsCollection(), replay: editors.replay.createDecorationsCollection() };
    this.focus = { original: editors.original.createDecorationsCollection(), replay: editors.replay.createDecorationsCollection() };
  }

  /** Find `query` (plain text, any case) in both models; highlights every match. */
  find(query: string): SearchState {
    this.query = query;
    this.matches = [];
    this.current = -1;
    this.capped = false;
    for (const side of ['original', 'replay'] as const) {
      const model = this.editors[side].getModel();
      const found = query && model ? model.findMatches(query, false, false, false, null, false, MAX_MATCHES) : [];
      if (found.length >= MAX_MATCHES) this.capped = true;
      for (const m of found) this.matches.push({ side, range: m.range });
      this.all[side].set(
        found.map((m) => ({
          range: m.range,
          options: {
            inlineClassName: 'ti-search-match',
            overviewRuler: { color: '#e0a800', position: monaco.editor.OverviewRulerLane.Center },
          },
        })),
      );
      this.focus[side].clear();
    }
    // Top to bottom through both sides: a line of the original, then the same line of the replay.
    this.matches.sort(
      (a, b) => a.range.startLineNumber - b.range.startLineNumber || (a.side === b.side ? 0 : a.side === 'original' ? -1 : 1),
    );
    return this.state();
  }

  /** Show the next (+1) or previous (-1) match, wrapping around. */
  step(direction: 1 | -1): SearchState {
    if (this.matches.length === 0) return this.state();
    this.current =
      this.current < 0 && direction < 0 ? this.matches.length - 1 : (this.current + direction + this.matches.length) % this.matches.length;
    const match = this.matches[this.current];
    for (const side of ['original', 'replay'] as const) this.focus[side].clear();
    this.focus[match.side].set([{ range: match.range, options: { inlineClassName: 'ti-search-current' } }]);
    const editor = this.editors[match.side];
    // The selection unfolds a region the diff hid as unchanged.
    editor.setSelection(match.range);
    editor.revealRangeInCenter(match.range, monaco.editor.ScrollType.Immediate);
    return this.state();
  }

  /** Search again after the documents changed (another window, another inspection). */
  refresh(): SearchState {
    return this.find(this.query);
  }

  state(): SearchState {
    const count = (side: Side) => this.matches.filter((m) => m.side === side).length;
    return {
      query: this.query,
      total: this.matches.length,
      original: count('original'),
      replay: count('replay'),
      current: this.current + 1,
      capped: this.capped,
    };
  }
}
