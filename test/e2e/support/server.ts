// Starts `transcript-inspector serve` for one test: its own temp dir, HOME and port; parses the URL line.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtures = path.join(root, 'test/fixtures/e2e');

/** The exact first line `serve` prints. */
export const URL_LINE = /^Transcript Inspector at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)$/;

/** A running web-mode server. */
export interface ServeHandle {
  url: string;
  origin: string;
  port: number;
  token: string;
  /** The temp dir of this test (files to open live here). */
  dir: string;
  firstLine: string;
  output(): string;
  stop(): Promise<void>;
}

/** A fresh temp dir, removed by the caller's stop(). */
export function tempDir(prefix = 'ti-e2e-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Copy a fixture into a dir and return its path. */
export function copyFixture(name: string, dir: string, as = name): string {
  const target = path.join(dir, as);
  fs.copyFileSync(path.join(fixtures, name), target);
  return target;
}

/** Start the server (optionally opening `file`) and wait for its URL line. */
export async function startServe(options: { file?: string; dir?: string; urlTimeoutMs?: number } = {}): Promise<ServeHandle> {
  const dir = options.dir ?? tempDir();
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  const args = [path.join(root, 'dist/node/cli.js'), 'serve', ...(options.file ? [options.file] : []), '--port', '0'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_STATE_HOME: path.join(home, '.state') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    // A bench's large session on a loaded machine may take longer than a test's fixture.
    const timeoutMs = options.urlTimeoutMs ?? 30_000;
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL within ${timeoutMs / 1000} s\nstdout: ${out}\nstderr: ${err}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, newline));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing its URL\nstderr: ${err}`));
    });
  });
  const match = URL_LINE.exec(firstLine);
  if (!match) throw new Error(`unexpected first line: ${JSON.stringify(firstLine)}`);
  const port = Number(match[1]);
  const url = firstLine.slice('Transcript Inspector at '.length);
  return {
    url,
    origin: `http://127.0.0.1:${port}`,
    port,
    token: match[2],
    dir,
    firstLine,
    output: () => `${out}${err}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
