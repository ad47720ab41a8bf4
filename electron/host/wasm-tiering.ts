/**
 * How soon V8 recompiles a hot WebAssembly function with its optimising compiler: later than its
 * default (a budget of 1,800,000, roughly bytes executed), for the processes this project starts
 * (the command line, whose `serve` is the web mode, and the desktop shell). The only WebAssembly
 * here is SQLite (sql.js), which reads OpenClaw's session stores. With the default, reading a small
 * store had 25 of SQLite's functions recompiled on background threads (262 ms of compiling), work
 * that a short command never gets back; with this budget 4–6 of them are (100–120 ms, SQLite's
 * statement loop among them): `inspect store.sqlite#ID` of a 166-event session took 416–424 ms of CPU
 * time, 307–350 with this budget (wall clock 298–306 → 248–279 ms), while a 130 MB store is read as
 * fast as before (listed in 1.14–1.16 s; its 172,000-event session inspected in 3.4 s either way).
 * It is a process-wide V8 setting, so the library API (`inspect()`) never sets it: its callers'
 * processes are theirs.
 */
import v8 from 'node:v8';

/** Ten times V8's default, measured above; set before the first store is read (sql.js compiled). */
const WASM_TIERING_BUDGET = 20_000_000;

export function tuneWasmTiering(): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
