/**
 * "Go to": what the user typed, as a transcript turn (`turn #12`, `#12`, `12`) or a payload position
 * in the provider's words (`messages[12]`, `input[7].content[1]`, `contents.5` — also as pasted from
 * an error: `messages.41.content.1: unexpected …`), optionally on one side (`original messages[3]`).
 */
import type { Side } from '../../shared/api.js';
import { formatJsonPath, type PathStep } from './json-path-at.js';

/** Where "go to" goes. */
export type GotoTarget =
  | { kind: 'turn'; turn: number }
  | {
      kind: 'entry';
      /** The side named, or null (the caller's default). */
      side: Side | null;
      /** The list the position names (`messages`, `input`, `contents`). */
      key: string;
      index: number;
      /** The path inside the entry (`content[1]`), as steps. */
      rest: PathStep[];
    }
  | { kind: 'error'; message: string };

const HELP = 'Type a turn (turn #12, #12) or a payload position (messages[12], input[7].content[1], contents.5).';

/** Parse what the user typed. */
export function parseGoto(input: string): GotoTarget {
  let text = input.trim();
  let side: Side | null = null;
  const sideWord = /^(original|replay)\b\s*:?\s*/i.exec(text);
  if (sideWord) {
    side = sideWord[1].toLowerCase() as Side;
    text = text.slice(sideWord[0].length);
  }
  if (!text) return { kind: 'error', message: HELP };
  const turn = /^(?:turn\s*)?#?\s*(\d{1,9})$/i.exec(text);
  if (turn) return { kind: 'turn', turn: Number(turn[1]) };
  // A position as an error quotes it: cut at the first space or colon after the path.
  const path = /^[A-Za-z_][\w]*(?:\[\d{1,9}\]|\.\d{1,9}|\.[A-Za-z_][\w]*)+/.exec(text);
  if (!path) return { kind: 'error', message: `“${input.trim()}” is not a turn or a payload position. ${HELP}` };
  const steps: PathStep[] = [];
  const stepPattern = /([A-Za-z_][\w]*)|\[(\d+)\]|\.(\d+)|\.([A-Za-z_][\w]*)/g;
  for (let m = stepPattern.exec(path[0]); m; m = stepPattern.exec(path[0])) {
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else if (m[3] !== undefined) steps.push(Number(m[3]));
    else if (m[4] !== undefined) steps.push(m[4]);
  }
  if (typeof steps[0] !== 'string' || typeof steps[1] !== 'number')
    return { kind: 'error', message: `${formatJsonPath(steps)} names no list entry. ${HELP}` };
  return { kind: 'entry', side, key: steps[0], index: steps[1], rest: steps.slice(2) };
}
