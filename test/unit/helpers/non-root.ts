/**
 * Running a command as an ordinary user: permissions (an unreadable directory, a group-owned file)
 * mean nothing to root. As root the command runs through `setpriv` as `nobody` (uid/gid 65534);
 * as any other user it runs as that user.
 */
import { spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The uid and gid commands run as, or why no ordinary user is available (then tests skip, saying why). */
export const ordinaryUser: { uid: number; gid: number } | { unavailable: string } =
  process.getuid?.() !== 0
    ? { uid: process.getuid?.() ?? -1, gid: process.getgid?.() ?? -1 }
    : existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv')
      ? { uid: 65534, gid: 65534 }
      : { unavailable: 'running as root without setpriv: no way to run the command as an ordinary user' };

/** The argv prefix that runs a command as the ordinary user (empty when this process is one). */
function prefix(groups: number[] = []): string[] {
  if (process.getuid?.() !== 0 || 'unavailable' in ordinaryUser) return [];
  return [
    'setpriv',
    `--reuid=${ordinaryUser.uid}`,
    `--regid=${ordinaryUser.gid}`,
    groups.length > 0 ? `--groups=${groups.join(',')}` : '--clear-groups',
    '--',
  ];
}

/** Run `argv` as the ordinary user, with extra supplementary groups when root can give them. */
export function runAsOrdinaryUser(argv: string[], options: SpawnSyncOptions & { groups?: number[] } = {}): SpawnSyncReturns<string> {
  const [command, ...args] = [...prefix(options.groups), ...argv];
  return spawnSync(command, args, { encoding: 'utf8', ...options }) as SpawnSyncReturns<string>;
}
