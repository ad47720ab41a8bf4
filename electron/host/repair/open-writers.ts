/**
 * Who else has a session file open for writing. A repair renames a new file over the path; a
 * process that keeps the old one open (an agent appending to its session) goes on writing into the
 * old inode, and those lines never reach the repaired file. Linux: /proc/PID/fd and the access mode
 * in /proc/PID/fdinfo; elsewhere `lsof` where it is installed.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';

/** A process holding the file open for writing. */
export interface OpenWriter {
  pid: number;
  /** The process's command name (`node`, `python3`…). */
  name: string;
}

/** What the check found: the writers, or why it could not look. */
export interface WriterCheck {
  writers: OpenWriter[];
  /** Set when no method was available (then `writers` is empty for lack of a way to know). */
  unchecked?: string;
}

const O_ACCMODE = 0o3;

/** True when an fdinfo `flags:` field (octal) opens for writing: O_WRONLY or O_RDWR. */
export function writesWith(fdinfo: string): boolean {
  const flags = /^flags:\s+([0-7]+)/m.exec(fdinfo)?.[1];
  return flags !== undefined && (parseInt(flags, 8) & O_ACCMODE) !== 0;
}

/**
 * An fd's link names the path it was opened by, with " (deleted)" once that name is gone (renamed
 * over by a repair, even while the inode lives on as the backup). Only fds whose link is one of
 * `names` are stat'ed: a scan reads thousands of links, and a stat of each costs a second.
 */
function candidates(names: readonly string[]): Set<string> {
  return new Set(names.flatMap((name) => [name, `${name} (deleted)`]));
}

function fromProc(file: string, names: readonly string[]): OpenWriter[] {
  // By inode, not by name alone: a link text may name another file since replaced.
  const target = statSync(file);
  // With other hard links, an fd may name any of them: every fd is checked then (rare: refused unless forced).
  const wanted = target.nlink > 1 ? null : candidates([file, ...names]);
  const writers: OpenWriter[] = [];
  // procfs answers from memory: synchronous reads are faster than a promise per fd.
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const found = writingFd(`/proc/${entry}`, target, wanted);
    if (!found) continue;
    writers.push({ pid: Number(entry), name: readOr(`/proc/${entry}/comm`, '?').trim() });
  }
  return writers;
}

function readOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/** True when process `dir` (`/proc/PID`) holds `target` open for writing. */
function writingFd(dir: string, target: Stats, wanted: Set<string> | null): boolean {
  let fds: string[];
  try {
    // Other users' processes are not listable without privileges: they are not ours to see.
    fds = readdirSync(`${dir}/fd`);
  } catch {
    return false;
  }
  for (const fd of fds) {
    let link: string;
    try {
      link = readlinkSync(`${dir}/fd/${fd}`);
    } catch {
      continue;
    }
    // Sockets, pipes and anonymous inodes read `socket:[…]`, `pipe:[…]`, `anon_inode:…`.
    if (!link.startsWith('/') || (wanted !== null && !wanted.has(link))) continue;
    const open = statOrNull(`${dir}/fd/${fd}`);
    if (!open || open.ino !== target.ino || open.dev !== target.dev) continue;
    if (writesWith(readOr(`${dir}/fdinfo/${fd}`, ''))) return true;
  }
  return false;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** Parse `lsof -F pcfa` output: `p` starts a process, `c` names it, `a` is an fd's access (r, w, u). */
export function parseLsof(output: string): OpenWriter[] {
  const writers = new Map<number, OpenWriter>();
  let pid = -1;
  let name = '?';
  for (const line of output.split('\n')) {
    const value = line.slice(1);
    if (line.startsWith('p')) {
      pid = Number(value);
      name = '?';
    } else if (line.startsWith('c')) name = value;
    else if (line.startsWith('a') && (value === 'w' || value === 'u') && pid !== process.pid && pid > 0) writers.set(pid, { pid, name });
  }
  return [...writers.values()];
}

function fromLsof(file: string): Promise<OpenWriter[] | null> {
  return new Promise((resolve) => {
    execFile('lsof', ['-w', '-F', 'pcfa', '--', file], { timeout: 10_000 }, (error, stdout) => {
      // lsof exits 1 when no process has the file open: that is an answer, not a failure.
      const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
      resolve(missing ? null : parseLsof(String(stdout)));
    });
  });
}

/**
 * The processes (other than this one) that have `realFile` (that inode) open for writing, by that
 * name or one of `alsoNamed` (the name it had before a rename). Never throws.
 */
export async function findOpenWriters(realFile: string, alsoNamed: readonly string[] = []): Promise<WriterCheck> {
  if (process.platform === 'linux') {
    try {
      return { writers: fromProc(realFile, alsoNamed) };
    } catch {
      // /proc not mounted (a container): try lsof.
    }
  }
  const viaLsof = await fromLsof(realFile);
  if (viaLsof !== null) return { writers: viaLsof };
  return { writers: [], unchecked: 'no way to see other processes here (no /proc, no lsof)' };
}

/** `pid 4242 (node), pid 4300 (python3)`. */
export function describeWriters(writers: readonly OpenWriter[]): string {
  return writers.map((w) => `pid ${w.pid} (${w.name})`).join(', ');
}
