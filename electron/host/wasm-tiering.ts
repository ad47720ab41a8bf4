/**
 * How V8 runs the WebAssembly that reads OpenClaw's session stores (SQLite as sql.js, and
 * xxhash-wasm's checksums of compressed events; the only WebAssembly here) in the processes this
 * project starts: the command line and the desktop shell.
 * The library API (`inspect()`) never sets it: V8's flags are process-wide, and its callers'
 * processes are theirs.
 *
 * V8 first runs WebAssembly with its baseline compiler (Liftoff), then recompiles the functions that
 * run hot with its optimising compiler (TurboFan) on background threads. Both rules below are about
 * that second step.
 *
 * - Later tier-up (every process): a tiering budget ten times V8's default (1,800,000, roughly bytes
 *   executed). With the default, reading a small store had 25 of SQLite's functions recompiled
 *   (262 ms of compiling) that a short command never gets back; with this budget 4–6 are.
 * - No tier-up for a small store in a short command (every command but `serve`, which stays up;
 *   `inspect --all` and `repair --all` read session files only): those 4–6 compiles still cost
 *   100–120 ms of CPU time, and on two cores they slow the command itself, which Node also makes
 *   wait for them before it exits (`inspect store.sqlite#ID` of a 166-event session: 211–250 →
 *   164–182 ms by the wall clock without them). Below 16 MiB of store (its image, with its log
 *   applied) the optimised code never pays that back; above it, listing a store's sessions
 *   (SQLite's JSON functions over every event) is faster with it (a 130 MB store: 1.17 s with,
 *   1.44 s without), so the later tier-up is kept there.
 */
import v8 from 'node:v8';

/** Ten times V8's default, measured above; set before the first store is read (sql.js compiled). */
const WASM_TIERING_BUDGET = 20_000_000;

/** Below this, a short command's first store is read by baseline code only (measured above). */
export const BASELINE_ONLY_BELOW_BYTES = 16 * 1024 * 1024;

let shortCommand = false;
let settled = false;

/** The later tier-up, for every process this project starts; `short` for a command that ends once it has read one session or store. */
export function tuneWasmTiering(options: { short?: boolean } = {}): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  shortCommand = options.short === true;
}

/**
 * Called with the size of a store's image before its WebAssembly (SQLite's, xxhash-wasm's) is
 * compiled; the first call settles it for the process: in a short command, a small store turns
 * V8's optimising compiler off for WebAssembly.
 */
export function beforeStoreWasm(imageBytes: number): void {
  if (settled) return;
  settled = true;
  if (shortCommand && imageBytes < BASELINE_ONLY_BELOW_BYTES) v8.setFlagsFromString('--liftoff-only');
}
