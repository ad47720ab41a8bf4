/**
 * What the command line's exit status says, as named values: the CLI returns them and each file of a
 * batch carries one (the worst file's is the batch's).
 */
import type { Inspection } from '../../shared/inspection.js';

export const ExitCode = {
  /** Nothing needed changing. */
  clean: 0,
  /** Hygiene (or repair) changed something, or would. */
  changed: 1,
  /** Unusable input or arguments, or a refused repair. */
  unusable: 2,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Exit code of an inspection: `changed` when hygiene changed something or the file has errors. */
export function inspectionExitCode(inspection: Inspection): ExitCode {
  const changed = inspection.annotations.length > 0 || inspection.diagnostics.some((d) => d.severity === 'error');
  return changed ? ExitCode.changed : ExitCode.clean;
}
