/**
 * `transcript-inspector undo FILE [--dry-run] [--yes] [--json]`: put back the bytes the last repair of FILE replaced, from the
 * newest backup kept next to it — refused, with the reason, unless FILE still holds exactly what that repair wrote.
 * `--dry-run` makes every check and says whether the undo would go ahead, writing nothing.
 */
import { findLastRepair, previewUndoLastRepair, undoLastRepair, type UndoPreview } from '../host/repair/index.js';
import type { UndoResult } from '../../shared/inspection.js';
import { isYes, processIo, type CliIo } from './batch.js';
import { ExitCode } from '../host/exit-code.js';
import { fail as failOn, parseCommandArgs } from './common.js';
import { terminalJson, terminalLine, terminalLines } from './terminal-text.js';

const SPEC = { values: [], booleans: ['yes', 'json', 'dry-run'] } as const;

/**
 * Run `undo`. Exit codes: 1 the file has its bytes from before the repair again (or, on a "no"
 * answer, nothing was changed; with `--dry-run`, the undo would go ahead), 2 unusable arguments or a refusal (nothing to undo, the file changed
 * since the repair, the backup changed, the file is open for writing…).
 */
export async function runUndoCommand(argv: string[], io: CliIo = processIo()): Promise<number> {
  const fail = (reason: string) => failOn(reason, io.stderr);
  const args = parseCommandArgs(argv, SPEC, io.stderr);
  if (typeof args === 'number') return args;
  if (args.positionals.length !== 1)
    return fail(args.positionals.length === 0 ? 'undo needs a FILE (a session file repaired with a kept backup)' : 'undo takes one FILE');
  const file = args.positionals[0];
  const json = args.booleans.has('json');
  const dryRun = args.booleans.has('dry-run');
  const emit = (result: UndoPreview, extra: Record<string, unknown> = {}) => {
    if (json) io.stdout.write(`${terminalJson(JSON.stringify({ file, ...(dryRun ? { dryRun } : {}), ...extra, result }))}\n`);
  };
  const refusedWith = (result: UndoResult) => {
    emit(result);
    if (!json) io.stderr.write(`${terminalLine(result.message)}\n`);
    return ExitCode.unusable;
  };

  const last = await findLastRepair(file);
  if (!last.ok) return refusedWith({ status: 'refused', reason: last.reason, message: last.message });
  const { record, backupPath } = last;
  if (!json)
    io.stdout.write(
      terminalLines([`${file}: the last repair (${record.repairedAt}) kept the bytes it replaced at ${backupPath}`, `  ${record.summary}`]),
    );
  if (dryRun) {
    const preview = await previewUndoLastRepair(file);
    if (preview.status !== 'would-restore') return refusedWith(preview);
    emit(preview, { backupPath, repairedAt: record.repairedAt });
    if (!json) io.stdout.write(`${terminalLine(preview.message)}\n`);
    return ExitCode.changed;
  }
  if (!args.booleans.has('yes')) {
    if (!io.stdinIsTTY)
      return fail('undo writes the file: pass --yes to undo without asking (stdin is not a terminal, so there is no one to ask)');
    const answer = await io.ask(`Put back the bytes of ${file} from before that repair? [y/N] `);
    if (!isYes(answer)) {
      if (!json) io.stdout.write('nothing was changed\n');
      emit({ status: 'refused', reason: 'not confirmed', message: 'Not undone: not confirmed; nothing was changed.' });
      return ExitCode.changed;
    }
  }
  const result = await undoLastRepair(file);
  if (result.status !== 'restored') return refusedWith(result);
  emit(result, { backupPath, repairedAt: record.repairedAt });
  if (!json) io.stdout.write(`${terminalLine(result.message)}\n`);
  return ExitCode.changed;
}
