/**
 * The real server as a child process (`node --import tsx src/main.ts`, one
 * PID, or the compiled `node dist/main.js`), for tests that kill it or watch
 * it refuse to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { serverRoot } from '../paths.ts';

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** What it wrote to stderr (the last 8 KB). */
  stderr(): string;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the server with `env` on top of a quiet test environment; does not wait for it.
 * `compiled`: the compiled entry (e.g. `dist/main.js`, relative to apps/server) to run with
 * plain node instead of the TypeScript source through tsx.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { compiled?: string } = {},
): Promise<ChildServer> {
  const port = await freePort();
  let stderr = '';
  const args = options.compiled ? [options.compiled] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      CAPTCHA_ORDERS_PER_IP: '0',
      ...env,
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    stderr: () => stderr,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Resolves once the server answers /healthz; throws if it exits first or takes over `timeoutMs`. */
export async function waitUntilHealthy(server: ChildServer, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`the server exited with ${server.process.exitCode}:\n${server.stderr()}`);
    }
    const healthy = await fetch(`${server.baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${server.stderr()}`);
}

/** The exit code of a server that is expected to stop on its own. */
export async function exitCode(server: ChildServer, timeoutMs = 120_000): Promise<number | null> {
  if (server.process.exitCode !== null) return server.process.exitCode;
  const timer = setTimeout(() => void server.kill('SIGKILL'), timeoutMs);
  await new Promise<void>((resolve) => server.process.once('exit', () => resolve()));
  clearTimeout(timer);
  return server.process.exitCode;
}
