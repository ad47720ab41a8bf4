/**
 * The center of the app: the original/replay diff of the payload or transcript — whole for small
 * sessions, one window of turns for large ones — with its toolbar (search, go to, wrap, inline,
 * copy), marks, reveals, elided-string previews and the cursor's place.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { DocumentText, Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { loadEditor } from '../editor-loader.js';
import type { CursorPlace, DiffEditorHandle, SearchState } from '../monaco/diff-editor.js';
import { isRatio, readStored, writeStored } from '../storage.js';
import { useApp, useAppStore } from '../store/context.js';
import { copyContent, copyToClipboard } from './diff-copy.js';
import { DiffHeader, EmptyState, PlaceFooter, ThumbPopover, useThumbPreview } from './diff-parts.js';
import { DiffToolbar, type DiffSwitches } from './diff-toolbar.js';
import { StaticDiff } from './static-diff.js';
import { useColorScheme } from './use-color-scheme.js';
import { useDiffDocuments } from './use-diff-documents.js';
import { usePaintTimes } from './use-paint-times.js';
import { WindowBar } from './window-bar.js';

// Monaco loads once a session is being opened: its start-up then overlaps the host's work instead
// of delaying the app's first requests (see editor-loader.ts).
const DiffEditor = lazy(() => loadEditor().then((module) => ({ default: module.DiffEditor })));

type Status = 'idle' | 'loading' | 'ready' | 'error';

const SWITCHES_KEY = 'diff-switches';

function storedSwitches(): DiffSwitches {
  const stored = readStored(SWITCHES_KEY) as Partial<DiffSwitches> | undefined;
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    wordWrap: flag(stored?.wordWrap, false),
    inline: flag(stored?.inline, false),
    hideUnchanged: flag(stored?.hideUnchanged, true),
  };
}

/** Where the original and the replay split, side by side (the original's share of the width). */
const SPLIT_KEY = 'diff-split';

function storedSplit(): number | undefined {
  const stored = readStored(SPLIT_KEY);
  return isRatio(stored) ? stored : undefined;
}

function spanText(spans: DiffSpans | null, side: Side): string {
  const span = spans?.[side];
  return span ? `${span.startLine}-${span.endLine}` : '';
}

/** The diff pane. */
export function DiffPane() {
  const store = useAppStore();
  const summary = useApp((s) => s.inspection.summary);
  // Monaco is loaded when a session is first opened, and then stays (a failed open must not unmount it).
  const sessionWanted = useApp((s) => s.session.info !== null || s.session.loading);
  const [wantEditor, setWantEditor] = useState(false);
  if (sessionWanted && !wantEditor) setWantEditor(true);
  const view = useApp((s) => s.ui.view);
  const diffKey = useApp((s) => s.diff.key);
  const diffWindow = useApp((s) => s.diff.window);
  const diffLoading = useApp((s) => s.diff.loading);
  const diffError = useApp((s) => s.diff.error);
  const scheme = useColorScheme();
  const [switches, setSwitches] = useState<DiffSwitches>(storedSwitches);
  const [search, setSearch] = useState<SearchState | null>(null);
  const [cursor, setCursor] = useState<CursorPlace | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [revealed, setRevealed] = useState<DiffSpans | null>(null);
  const editor = useRef<DiffEditorHandle>(null);
  const { applied, appliedKey, applyDocuments, revealNote, setRevealNote } = useDiffDocuments(editor, editorReady, search, setSearch);
  const paint = usePaintTimes(() => applied.current.key !== '');
  const thumbs = useThumbPreview(summary);

  const onSwitch = (next: DiffSwitches): void => {
    setSwitches(next);
    writeStored(SWITCHES_KEY, next);
  };
  // The documents in the editor (the footer and the copy commands read the cursor's line in them).
  const shownDoc = (side: Side): DocumentText | null => (appliedKey && applied.current.key === appliedKey ? applied.current[side] : null);
  const listKey = (side: Side): string | null => (view === 'payload' ? (summary?.[side].payloadKey ?? null) : null);
  const copyAt = (what: 'message' | 'path', place: CursorPlace | null): void => {
    const copy = copyContent(what, place ? shownDoc(place.side) : null, place, place ? listKey(place.side) : null);
    void copyToClipboard(copy, store.getState().pushToast);
  };

  let status: Status = 'idle';
  if (summary) {
    if (diffError) status = 'error';
    else if (diffLoading || !diffKey || appliedKey !== diffKey) status = 'loading';
    else status = 'ready';
  }
  const label = view === 'payload' ? 'payload' : 'transcript';
  // Until the editor has drawn documents, the plain view shows the first lines of those in the store.
  const waiting = paint.editorPaintedMs === null && status !== 'error' ? store.getState().shownDocuments() : null;
  const staticDocs = waiting?.key && (waiting.original?.text || waiting.replay?.text) ? waiting : null;

  return (
    <section
      className="diff-pane"
      data-testid="diff-view"
      data-status={status}
      data-view={view}
      data-diffing={paint.diffing ? 'true' : 'false'}
      data-revealed-original={spanText(revealed, 'original')}
      data-revealed-replay={spanText(revealed, 'replay')}
      data-window-from={diffWindow?.from ?? ''}
      data-window-to={diffWindow?.to ?? ''}
      data-first-diff-ms={paint.firstDiffMs ?? ''}
      data-editor-painted-ms={paint.editorPaintedMs ?? ''}
      data-diff-computed-ms={paint.diffComputedMs ?? ''}
      aria-label="Original and replay diff"
    >
      <DiffToolbar
        switches={switches}
        onSwitch={onSwitch}
        search={search}
        onSearch={(query) => setSearch(editor.current?.search(query) ?? null)}
        onStep={(direction) => setSearch(editor.current?.stepSearch(direction) ?? null)}
        canCopy={cursor !== null}
        onCopy={(what) => copyAt(what, editor.current?.cursor() ?? cursor)}
        disabled={!summary}
      />
      <DiffHeader summary={summary} inline={switches.inline} diffing={paint.diffing && status === 'ready'} />
      <WindowBar />
      <div className="diff-body">
        {wantEditor && (
          <Suspense fallback={<div className="diff-editor-host" data-testid="editor-loading" />}>
            <DiffEditor
              ref={editor}
              theme={scheme}
              hideUnchanged={switches.hideUnchanged}
              wordWrap={switches.wordWrap}
              inline={switches.inline}
              splitRatio={storedSplit()}
              onSplitRatio={(ratio) => writeStored(SPLIT_KEY, ratio)}
              onCursor={setCursor}
              onCopy={copyAt}
              onReady={() => {
                setEditorReady(true);
                applyDocuments();
              }}
              onPainted={paint.onEditorPainted}
              onElisionHover={thumbs.onHover}
              onElisionClick={(side, elision) => {
                thumbs.clear();
                store.getState().openElision({ side, elision });
              }}
              onRevealed={setRevealed}
              onDiffing={paint.onDiffing}
            />
          </Suspense>
        )}
        {staticDocs && (
          <StaticDiff
            original={staticDocs.original?.text ?? ''}
            replay={staticDocs.replay?.text ?? ''}
            theme={scheme}
            inline={switches.inline}
            wordWrap={switches.wordWrap}
            splitRatio={storedSplit() ?? 0.5}
            onPainted={paint.onStaticPainted}
          />
        )}
        {!summary && <EmptyState />}
        {status === 'loading' && !diffKey && (
          <div className="overlay-note" role="status">
            Loading the {label}…
          </div>
        )}
        {summary && !editorReady && !staticDocs && status !== 'error' && (
          <div className="overlay-note" role="status">
            Loading the editor…
          </div>
        )}
        {status === 'ready' && revealNote && (
          <div className="overlay-note subtle" role="status" data-testid="reveal-note">
            {revealNote}
            <button type="button" className="link" onClick={() => setRevealNote(null)} aria-label="Dismiss">
              ×
            </button>
          </div>
        )}
        {status === 'error' && (
          <div className="overlay-note error" role="alert">
            {diffError}
            <button type="button" onClick={() => store.getState().setView(view === 'payload' ? 'transcript' : 'payload')}>
              Show the {view === 'payload' ? 'transcript' : 'payload'} instead
            </button>
          </div>
        )}
      </div>
      <PlaceFooter place={cursor} doc={cursor ? shownDoc(cursor.side) : null} listKey={cursor ? listKey(cursor.side) : null} />
      {thumbs.preview && <ThumbPopover preview={thumbs.preview} />}
    </section>
  );
}
