/** The web-mode server with the real host, in a process of its own so the bench can read its peak RSS. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInspector } from '../../electron/host/inspector.js';
import { startWebServer } from '../../electron/web.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-upload-server-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
const server = await startWebServer({ inspector: createInspector({ recentFile: path.join(dir, 'recent.json') }), rendererDir: dir });
process.stdout.write(`${server.port} ${server.token}\n`);
