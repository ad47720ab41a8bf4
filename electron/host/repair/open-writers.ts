/**
 * Who else has a session file open for writing. A repair renames a new file over the path; a
 * process that keeps the old one open (an agent appending to its session) goes on writing into the
 * old inode, and those lines never reach the repaired file. Linux: /proc/PID/fd and the access mode
 * in /proc/PID/fdinfo; elsewhere `lsof` where it is installed.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, readlink, stat } from 'node:fs/promises';

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

async function fromProc(file: string): Promise<OpenWriter[]> {
  // By inode, not by name: after a rename over it, an fd of the old file reads "… (deleted)" even
  // where the inode lives on under another name (a repair's backup).
  const target = await stat(file);
  const writers: OpenWriter[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    // Other users' processes are not listable without privileges: they are not ours to see.
    const fds = await readdir(`/proc/${entry}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${entry}/fd/${fd}`).catch(() => '');
      // Sockets, pipes and anonymous inodes read `socket:[…]`, `pipe:[…]`, `anon_inode:…`.
      if (!link.startsWith('/')) continue;
      const open = await stat(`/proc/${entry}/fd/${fd}`).catch(() => null);
      if (!open || open.ino !== target.ino || open.dev !== target.dev) continue;
      const info = await readFile(`/proc/${entry}/fdinfo/${fd}`, 'utf8').catch(() => '');
      if (!writesWith(info)) continue;
      const name = (await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '?')).trim();
      writers.push({ pid: Number(entry), name });
      break;
    }
  }
  return writers;
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

/** The processes (other than this one) that have `realFile` (that inode, by any name) open for writing. Never throws. */
export async function findOpenWriters(realFile: string): Promise<WriterCheck> {
  if (process.platform === 'linux') {
    try {
      return { writers: await fromProc(realFile) };
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
