/**
 * Shapes written by pi itself: a session of `test/fixtures/pi-sessions/` (written by pi-coding-agent's
 * own SessionManager) repeated until the file reaches its size, as one long session. Where the
 * generated shapes of `session-shapes.ts` each stress one way a session can be large, these carry
 * what pi really writes: signed thinking, usage with costs, model switches with foreign tool-call ids,
 * branches and their summary, aborted and failed turns, images.
 *
 * Each copy gets fresh entry ids (8 hex digits, as pi's) and its own tool-call ids (five characters
 * after the id's sixth replaced by the copy's number, so each id keeps its form and its alphabet),
 * and its first entry hangs off the previous copy's last entry, the leaf pi replays from. Whole
 * copies only: the file ends with the copy that reaches the size.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateShape, type Shape, type ShapeStats, type ShapeText } from './session-shapes.js';
import { BenchUsageError } from './usage-error.js';

/** The shapes written by pi, and the session of `test/fixtures/pi-sessions/` each repeats. */
export const PI_WRITTEN = {
  'pi-tools': 'a-anthropic-tools.jsonl',
  'pi-model-switch': 'd-model-switch.jsonl',
  'pi-branching': 'f-branching.jsonl',
  'pi-errors': 'g-aborted-errors.jsonl',
  'pi-images': 'i-images.jsonl',
} as const;
export type PiWrittenShape = keyof typeof PI_WRITTEN;
export const PI_WRITTEN_SHAPES = Object.keys(PI_WRITTEN) as PiWrittenShape[];

export const isPiWritten = (shape: string): shape is PiWrittenShape => Object.hasOwn(PI_WRITTEN, shape);

const FIXTURES = fileURLToPath(new URL('../fixtures/pi-sessions/', import.meta.url));

/** Entry fields that name another entry of the session (besides `parentId`). */
const ENTRY_REFERENCES = ['firstKeptEntryId', 'fromId', 'targetId'] as const;

type Entry = Record<string, unknown>;

/** A tool-call id of copy `copy`: characters 6–10 replaced by the copy's number (ids of 11 characters or fewer kept). */
export function copyToolCallId(id: string, copy: number): string {
  return id.length > 11 ? `${id.slice(0, 6)}${String(copy).padStart(5, '0')}${id.slice(11)}` : id;
}

/** A message of copy `copy`: its tool-call ids (calls and results) made the copy's own. */
function copyMessage(message: Entry, copy: number): Entry {
  if (message.role === 'toolResult' && typeof message.toolCallId === 'string')
    return { ...message, toolCallId: copyToolCallId(message.toolCallId, copy) };
  if (message.role === 'assistant' && Array.isArray(message.content))
    return {
      ...message,
      content: message.content.map((b: Entry) =>
        b && b.type === 'toolCall' && typeof b.id === 'string' ? { ...b, id: copyToolCallId(b.id, copy) } : b,
      ),
    };
  return message;
}

/** Write `shape`'s pi session repeated to about `megabytes` MiB (whole copies) to `file`. */
export async function repeatPiSession(file: string, shape: PiWrittenShape, megabytes: number): Promise<ShapeStats & { copies: number }> {
  const [header, ...entries] = readFileSync(path.join(FIXTURES, PI_WRITTEN[shape]), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Entry);
  const out = createWriteStream(file);
  const stats = { bytes: 0, lines: 0, messages: 0, copies: 0 };
  const write = async (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    stats.bytes += Buffer.byteLength(line);
    stats.lines += 1;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await write(header);
  let counter = 0;
  let leaf: string | null = null;
  while (stats.bytes < megabytes * 1024 * 1024) {
    const copy = stats.copies;
    const ids = new Map<string, string>();
    for (const entry of entries) {
      const next: Entry = { ...entry };
      if (typeof entry.id === 'string') {
        counter += 1;
        next.id = counter.toString(16).padStart(8, '0');
        ids.set(entry.id, next.id as string);
      }
      // The copy's root hangs off the previous copy's leaf; every other parent is in the copy.
      if ('parentId' in entry) next.parentId = entry.parentId === null ? leaf : (ids.get(entry.parentId as string) ?? leaf);
      for (const field of ENTRY_REFERENCES) if (typeof entry[field] === 'string') next[field] = ids.get(entry[field]) ?? entry[field];
      if (entry.type === 'message' && entry.message && typeof entry.message === 'object') {
        next.message = copyMessage(entry.message as Entry, copy);
        stats.messages += 1;
      }
      await write(next);
    }
    // pi replays from the last entry written: the next copy continues the conversation there.
    leaf = ids.get(entries.at(-1)!.id as string) ?? leaf;
    stats.copies += 1;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return stats;
}

/** Write any bench shape to `file`: generated (in `text`), or written by pi and repeated (its own text only). */
export async function writeBenchShape(
  file: string,
  shape: Shape | PiWrittenShape,
  megabytes: number,
  text: ShapeText = 'mixed',
): Promise<ShapeStats> {
  if (!isPiWritten(shape)) return generateShape(file, shape, megabytes, 42, text);
  if (text !== 'mixed')
    throw new BenchUsageError(`--text=${text} applies to generated shapes only: ${shape} is a session pi wrote, in its own text`);
  return repeatPiSession(file, shape, megabytes);
}
