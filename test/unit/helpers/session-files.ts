// Every session file the tests keep, for the checks that run on all of them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** OpenClaw's corpus and its adversarial cases, the real sessions, and the sessions pi wrote. */
export const SESSION_FOLDERS = [
  'test/oracle/corpus',
  'test/oracle/adversarial',
  'test/oracle/adversarial-extras',
  'test/oracle/real',
  'test/fixtures/pi-sessions',
];

/** The `.jsonl` files of `folders`: each with its name (its folder in the repository, then its own), path and text. */
export function sessionFiles(folders: readonly string[] = SESSION_FOLDERS): { name: string; file: string; text: string }[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => {
        const file = path.join(ROOT, folder, name);
        return { name: `${folder}/${name}`, file, text: readFileSync(file, 'utf8') };
      }),
  );
}
