/** Why a file cannot be repaired at all, as a value callers switch on (the text is for people). */

/**
 * - `unreadable`: the file could not be read (missing, a directory, no permission, changing while read).
 * - `empty`: no session header and nothing else: nothing to repair.
 * - `not-a-session`: the first line is not a valid session header, so it may not be a session file.
 */
export type RefusalKind = 'unreadable' | 'empty' | 'not-a-session';

/** A refusal: its kind and the sentence that explains it. */
export interface Refusal {
  kind: RefusalKind;
  text: string;
}
