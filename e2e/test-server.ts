import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's fixed place (e2e/test-server.ts). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Scratch space inside the repo (gitignored), so /tmp stays clean. */
export const scratchFolder = path.join(repoRoot, '.tmp');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** A fresh PGlite data folder for one test run: the demo seed goes into an empty database. */
export function freshDataFolder(): string {
  mkdirSync(scratchFolder, { recursive: true });
  return mkdtempSync(path.join(scratchFolder, 'e2e-data-'));
}
