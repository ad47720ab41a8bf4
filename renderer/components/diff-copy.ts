/** "Copy JSON path" and "Copy message JSON" at the diff's cursor: what is copied and what the toast says. */
import type { DocumentText } from '../../shared/api.js';
import { entryText, formatJsonPath, linePlace } from '../diff/json-path-at.js';
import { errorMessage } from '../format.js';
import type { CursorPlace } from '../monaco/diff-editor.js';
import type { Toast } from '../store/types.js';

type Copy = { ok: true; text: string; toast: string; detail?: string } | { ok: false; toast: string };

/** What copying `what` at `place` of `doc` gives (`listKey` names the payload's message list; null in the transcript). */
export function copyContent(what: 'message' | 'path', doc: DocumentText | null, place: CursorPlace | null, listKey: string | null): Copy {
  const found = place && doc ? linePlace(doc, place.line, listKey) : null;
  if (!place || !doc || !found) return { ok: false, toast: 'Click a line of the diff first: copying takes the line at the cursor.' };
  const path = formatJsonPath(found.path) || '(the request)';
  if (what === 'path') return { ok: true, text: path, toast: `Copied the JSON path ${path}` };
  const range = found.range;
  if (!range) return { ok: false, toast: `Line ${place.line} is outside the messages: ${path}.` };
  const elided = doc.elisions.some((e) => e.line >= range.startLine && e.line <= range.endLine);
  return {
    ok: true,
    text: entryText(doc, range),
    toast: `Copied the JSON of ${formatJsonPath(found.path.slice(0, listKey === null ? 1 : 2))}`,
    detail: elided ? 'Long strings and images are copied as the placeholders the diff shows.' : undefined,
  };
}

/** Copy to the clipboard and say so (or say why not). */
export async function copyToClipboard(copy: Copy, toast: (toast: Omit<Toast, 'id'>) => void): Promise<void> {
  if (!copy.ok) {
    toast({ kind: 'error', text: copy.toast });
    return;
  }
  try {
    await navigator.clipboard.writeText(copy.text);
    toast({ kind: 'success', text: copy.toast, detail: copy.detail });
  } catch (error) {
    toast({ kind: 'error', text: `Could not copy: ${errorMessage(error)}` });
  }
}
