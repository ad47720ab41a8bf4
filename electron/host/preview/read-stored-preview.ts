/**
 * A quick first read of a large stored session (one of an OpenClaw store's): its events are the
 * session's lines, numbered as the full read numbers them (event `seq` is line `seq + 1`), read once
 * from the store into the skeleton parse; then the first turns' events are read again and parsed
 * whole. The full read stays the authority, as for a file (read-preview.ts).
 */
import type { SessionStore } from '../store/session-store.js';
import { storedLines, storedLinesAt } from '../store/stored-session.js';
import { previewOf, wholeEntry, type PreviewOptions, type SessionPreview } from './read-preview.js';

/**
 * Read a preview of a stored session: null when it has no messages or its first turns cannot be
 * parsed whole; with `partialOnly`, also when the first turns are all of them. Throws as the full
 * read does for a session the store does not have, or a damaged store.
 */
export async function readStoredPreview(store: SessionStore, sessionId: string, options: PreviewOptions): Promise<SessionPreview | null> {
  return previewOf(
    {
      async each(onLine) {
        let size = 0;
        await storedLines(store, sessionId, (bytes) => {
          size += bytes.length + 1;
          onLine(bytes, bytes.length);
        });
        return { bom: false, size };
      },
      async entries(lines) {
        // The rows the read above kept, when the store has not changed since (else read again): only
        // these events are decoded again.
        const texts = new Map<number, string>();
        await storedLinesAt(store, sessionId, new Set(lines.map((line) => line - 1)), (seq, bytes) =>
          texts.set(seq + 1, bytes.toString('utf8')),
        );
        return lines.map((line) => {
          const text = texts.get(line);
          return text ? wholeEntry(text) : null;
        });
      },
    },
    options,
  );
}
