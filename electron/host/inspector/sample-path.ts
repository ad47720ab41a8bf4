/** Finding the bundled sample session, from the build (dist/node/sample) or from the sources. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE = 'sample-session.jsonl';

/**
 * The sample session's path. Walks up from this module: the build puts it next to the bundle
 * (`dist/node/sample/`, this module being in `dist/node/` or `dist/node/chunks/`), and tests run from
 * sources (`electron/host/sample/`). Throws a clear error when none exists.
 */
export function sampleSessionPath(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const tried: string[] = [];
  let dir = from;
  for (let depth = 0; depth < 6; depth += 1) {
    for (const candidate of [
      path.join(dir, 'sample', SAMPLE),
      path.join(dir, 'dist', 'node', 'sample', SAMPLE),
      path.join(dir, 'electron', 'host', 'sample', SAMPLE),
    ]) {
      tried.push(candidate);
      if (existsSync(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(
    `the bundled sample session is missing (looked for ${SAMPLE} in ${tried.length} places, e.g. ${tried[0]}): run \`npm run build\` or restore electron/host/sample/${SAMPLE}`,
  );
}
