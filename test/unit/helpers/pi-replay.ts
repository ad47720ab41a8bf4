/** What pi itself replays from a session file: its SessionManager's branch from the file's last entry. */
import { SessionManager } from '@mariozechner/pi-coding-agent';

/** The messages pi's SessionManager builds from `file` (`cwd`: the session's working folder). */
export function replayedByPi<M>(file: string, cwd: string): M[] {
  return SessionManager.open(file, cwd).buildSessionContext().messages as M[];
}
