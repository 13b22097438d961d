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

/** A Kassa server a spec started for itself (see startServer). */
export interface SpecServer {
  baseURL: string;
  dataFolder: string;
  /** Stops the server and drops its database folder. */
  stop: () => Promise<void>;
  /** Stops the server and keeps its database folder (to run a command on it, then start again). */
  halt: () => Promise<void>;
}

/**
 * Starts the real server the way playwright.config.ts does (fresh PGlite,
 * demo seed, built storefront) on a free port of its own, with `env` on top.
 * For a spec that needs settings the shared server must not have (the
 * captcha spec's per-IP threshold), so the other specs are unaffected and
 * only that spec pays for the start.
 */
export async function startServer(
  env: Record<string, string>,
  /** A folder a halted server left: started again on it, nothing is seeded twice. */
  existingDataFolder?: string,
): Promise<SpecServer> {
  const { spawn } = await import('node:child_process');
  const { rmSync } = await import('node:fs');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataFolder = existingDataFolder ?? freshDataFolder();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataFolder,
      SEED_DEMO: 'true',
      // The demo shop sells through the built-in test page, on purpose (decision 0051).
      ALLOW_TEST_GATEWAY: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataFolder, { recursive: true, force: true });
  };
  // Fresh PGlite, migrations and the demo seed take most of a minute on a busy two-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${child.exitCode} before it was ready:\n${stderr}`);
    }
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, dataFolder, stop, halt };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The server did not answer ${baseURL}/healthz within 3 minutes:\n${stderr}`);
}
