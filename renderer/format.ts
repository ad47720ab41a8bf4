/** Small formatting helpers for sizes, token counts and errors shown in the UI. */

/** `1.2 MB`, `31 KB`, `820 B`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** `850`, `12.4k`, `1.3M` tokens; estimates carry a `≈` (the turn list's header says what it means). */
export function formatTokens(value: number, estimated: boolean): string {
  const body =
    value < 1000
      ? String(value)
      : value < 1_000_000
        ? `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`
        : `${(value / 1_000_000).toFixed(1)}M`;
  return estimated ? `≈${body}` : body;
}

/** A readable message for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** The last path segment of a file path (either separator). */
export function baseName(filePath: string): string {
  const parts = filePath.split(/[\\/]/);
  return parts[parts.length - 1] || filePath;
}

/**
 * A count as `toLocaleString('en-US')` writes it (`12,345`). Whole numbers are grouped here: the
 * first `toLocaleString` of a page loads the locale's data, tens of milliseconds of the first screen.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = groupThousands(String(Math.abs(value)), ',');
  return value < 0 ? `-${digits}` : digits;
}

/** A run of digits grouped by thousands with `separator`: `12,345`. */
function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Groups digits by thousands with a no-break space: `1 074`. */
function groupDigits(value: string): string {
  const [whole, fraction] = value.split('.');
  const grouped = groupThousands(whole, '\u00a0');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A file read's progress: `43 % (452 of 1 074 MB)`, as the status bar shows it while a session opens.
 *
 * Decimal units (a 1 GiB file is 1 074 MB), both sizes in the total's unit. The percentage and the
 * bytes read are rounded down, so the text reaches 100 % and `N of N` only when the read is done.
 * An empty file is done at once.
 */
export function formatReadProgress(done: number, total: number): { percent: number; text: string } {
  const percent = total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100;
  const unit = total >= 1e6 ? { size: 1e6, name: 'MB' } : total >= 1e3 ? { size: 1e3, name: 'KB' } : { size: 1, name: 'B' };
  // One decimal while the total is under 10 units, so a 1.5 MB file does not read `0 of 1 MB`.
  const scale = unit.size > 1 && total / unit.size < 10 ? 10 : 1;
  const shownTotal = Math.round((total / unit.size) * scale);
  const shownDone = done >= total ? shownTotal : Math.min(Math.floor((done / unit.size) * scale), shownTotal);
  const show = (value: number): string => groupDigits((value / scale).toFixed(scale === 10 ? 1 : 0));
  return { percent, text: `${percent}\u00a0% (${show(shownDone)} of ${show(shownTotal)}\u00a0${unit.name})` };
}

/**
 * A diagnostic as one located sentence: `line 55, column 286: unexpected …`. The host's messages
 * already start with their location; a message that does not gets it from the line and column.
 */
export function diagnosticText(d: { line: number; column?: number; message: string }): string {
  if (/^line \d+/.test(d.message)) return d.message;
  return `line ${d.line}${d.column ? `, column ${d.column}` : ''}: ${d.message}`;
}
