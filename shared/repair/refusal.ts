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

/**
 * Refusals of a repair on disk that `force` overrides: another process writes to the file, or the
 * file has other names (hard links). Each is a risk the user may knowingly take; the others are not.
 */
export const FORCEABLE_REPAIR_REFUSALS = ['open for writing', 'has other links'] as const;

/** A refusal reason `force` overrides. */
export type ForceableRefusal = (typeof FORCEABLE_REPAIR_REFUSALS)[number];

/** True when a repair refused for `reason` may be forced. */
export function isForceableRefusal(reason: string | undefined): reason is ForceableRefusal {
  return (FORCEABLE_REPAIR_REFUSALS as readonly string[]).includes(reason ?? '');
}
