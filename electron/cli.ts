/** The `transcript-inspector` command line: dispatches to `inspect`, `repair`, `undo`, `redact` and `serve`. */
import { runInspectCommand } from './cli/inspect.js';
import { fail } from './cli/common.js';
import { outputClosed, watchOutput } from './cli/closed-output.js';
import { terminalLine } from './cli/terminal-text.js';
import { ExitCode } from './host/exit-code.js';
import { tuneWasmTiering } from './host/wasm-tiering.js';

const USAGE = `usage: transcript-inspector <command> [options]

commands:
  inspect FILE [--session ID] [--provider P --api A --model M] [--reasoning] [--allowed-tools a,b] [--now MS]
               [--image-max-side PX] [--no-payloads] [--explain "provider error text"] [--json]
               [--behaviour spec|openclaw-2026.9.6]
  inspect FILE --trajectory [RUN] [--trajectory-file PATH] [--behaviour B] [--json]
  inspect --all DIR [same options] [--jobs N]
  repair FILE [--session ID] [--dry-run] [--yes] [--keep-backup [--max-backups N]] [--skip-line N]... [--no-rewrites]
              [--json] [--force]
  repair --all DIR [--dry-run] [--yes] [--keep-backup [--max-backups N]] [--no-rewrites] [--json] [--jobs N] [--force]
  undo FILE [--dry-run] [--yes] [--json]
  redact FILE --output OUT|- [--session ID] [--provider P --api A --model M] [--reasoning] [--no-check] [--json]
  serve [FILE | DIR] [--session ID] [--port N]     (DIR: the folder view on every session below it)

Without --provider/--api/--model, inspect uses the session's last model.
--behaviour spec (the default) applies the spec's named decisions; openclaw-2026.9.6 replays exactly
what that release replays.
FILE may name a session of an OpenClaw store: DB#SESSION_ID, or DB --session SESSION_ID
(DB alone lists its sessions). A stored session is read, never written: repair shows its plan
and refuses.
repair shows its plan with the damage first and identical changes once, with a count. A rewrite can
be left out with --skip-line N (the line in the file; repeatable, or N,M) or all of them with
--no-rewrites: dropped lines and inserted tool results always stay.
repair refuses a file another process has open for writing (its later lines would be lost) or
one with other hard links (they would keep the old bytes); --force replaces it anyway.
--keep-backup keeps the original bytes next to the file (FILE.before-repair-<time>) with a small
record (FILE.undo-<time>.json) of what the repair wrote; the newest 3 per file stay (--max-backups N).
undo puts the newest kept backup back over FILE, atomically, only while FILE holds exactly what that
repair wrote (exit 1 restored, 2 refused with the reason).
--trajectory compares the runs OpenClaw recorded for the session (FILE's .trajectory.jsonl, a stored
session's trajectory rows, or --trajectory-file) with this tool's replay of the same branch, under
openclaw-2026.9.6 unless --behaviour says otherwise: identical, differs at turn N, or truncated by the
recorder; exit 0 when every run agrees, 1 when one differs or a line cannot be read.
redact writes the session with every text, tool input and output, thinking and image replaced by a
placeholder of the same shape, then checks that the copy inspects like the original (exit 1 if not).

exit codes: 0 nothing needed changing, 1 hygiene/repair changed something, 2 unusable input or arguments`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'inspect':
      return runInspectCommand(rest);
    case 'repair': {
      const { runRepairCommand } = await import('./cli/repair.js');
      return runRepairCommand(rest);
    }
    case 'undo': {
      const { runUndoCommand } = await import('./cli/undo.js');
      return runUndoCommand(rest);
    }
    case 'redact': {
      const { runRedactCommand } = await import('./cli/redact.js');
      return runRedactCommand(rest);
    }
    case 'serve': {
      const { runServeCommand } = await import('./cli/serve.js');
      return runServeCommand(rest);
    }
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? ExitCode.unusable : 0;
    default:
      return fail(`unknown command "${command}" (expected inspect, repair, undo, redact or serve)`);
  }
}

watchOutput(process.stdout);
watchOutput(process.stderr);
const argv = process.argv.slice(2);
// Every command but `serve` ends once it has read its session or store (`--all` reads session files only).
tuneWasmTiering({ short: argv[0] !== 'serve' });
main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = ExitCode.unusable;
    // Writing into a pipe whose reader left is how `| head` ends a command: nothing to report.
    if (outputClosed()) return;
    process.stderr.write(`transcript-inspector: ${terminalLine(error instanceof Error ? error.message : String(error))}\n`);
  },
);
