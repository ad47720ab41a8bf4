/** Serves the built renderer (dist/renderer) without ever leaving its folder. */
import fs from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file to send. */
export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** Hashed assets never change; the page itself is always re-read. */
  immutable: boolean;
}

/** Map a URL path to a file under `root`; null when it is outside, missing or not a file. */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = path.resolve(root);
  const full = path.resolve(base, relative);
  if (full !== base && !full.startsWith(base + path.sep)) return null;
  try {
    const stat = await fs.stat(full);
    if (!stat.isFile()) return null;
    const body = await fs.readFile(full);
    const ext = path.extname(full).toLowerCase();
    return { body, contentType: TYPES[ext] ?? 'application/octet-stream', immutable: relative.startsWith('assets/') };
  } catch {
    return null;
  }
}
