/**
 * The two numberings, written one way everywhere (the app, the reports, the command line): `turn #N`
 * is a turn of the session's transcript (what "go to turn #N" finds), `messages[N]` — or the
 * provider's own list, `input[N]`, `contents[N]` — a position in a payload sent on the wire.
 */

/** A turn of the session as recorded: `turn #12`. */
export const turnLabel = (turn: number): string => `turn #${turn}`;

/** A turn of the replayed transcript, where its place differs from the session's: `replay turn #11`. */
export const replayTurnLabel = (index: number): string => `replay turn #${index}`;

/** A position in a payload's list: `input[40]`; a range of them: `input[40–42]`. */
export function positionLabel(key: string, first: number, last = first): string {
  return first === last ? `${key}[${first}]` : `${key}[${first}–${last}]`;
}

/** Several turns: "turn #3", "turn #3, turn #5 and turn #9", "turn #1, turn #2, … (4 more)" past `max`. */
export function turnsLabel(turns: readonly number[], max = 12): string {
  const named = turns.slice(0, max).map(turnLabel);
  if (turns.length > max) return `${named.join(', ')}, … (${turns.length - max} more)`;
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** Where an annotation sits: its transcript turn and, when it moved, the replay turn it became. */
export function turnMapping(turn: number | null, replayTurn: number | null): string {
  if (turn === null) return replayTurn === null ? 'no turn' : `new, ${replayTurnLabel(replayTurn)}`;
  if (replayTurn === null) return `${turnLabel(turn)} → dropped`;
  return turn === replayTurn ? turnLabel(turn) : `${turnLabel(turn)} → ${replayTurnLabel(replayTurn)}`;
}
