import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';

export interface ChildServer {
  url: string;
  /** The server's process id: the bench reads its memory from /proc/<pid>/status. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The node flags of Kassa's production start (`npm run start:prod` in
 * apps/server), read from its package.json so the bench cannot drift from it.
 */
export function serverNodeFlags(repoRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
    scripts: { 'start:prod': string };
  };
  const words = manifest.scripts['start:prod'].split(/\s+/);
  return words.filter(
    (word, index) => word.startsWith('--') && word !== '--import' && words[index - 1] !== '--import',
  );
}

/**
 * The environment assignments before `node` in the same script
 * (`MALLOC_MMAP_THRESHOLD_=131072`, decision 0276): they shape the process's
 * memory, so the bench sets them as production does.
 */
export function serverEnvironment(repoRoot: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
    scripts: { 'start:prod': string };
  };
  const environment: Record<string, string> = {};
  for (const word of manifest.scripts['start:prod'].split(/\s+/)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break;
    environment[assignment[1]!] = assignment[2]!;
  }
  return environment;
}

/**
 * Starts `node <production flags> --import tsx <script>` (a compiled `.js`
 * script without tsx, as in production) on a free port and
 * waits until `readyPath` answers 200. Every server measured starts this way,
 * so the baseline and Kassa run under the same process settings, those Kassa
 * runs under in production.
 */
export async function startChildServer(
  script: string,
  options: {
    cwd: string;
    env?: Record<string, string>;
    readyPath: string;
    /** Node flags after the production ones (a CPU profile: --cpu-prof). */
    extraNodeFlags?: string[];
  },
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(options.cwd), ...(options.extraNodeFlags ?? []), ...loader, script],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        ...serverEnvironment(options.cwd),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${options.readyPath} within 120 s:\n${stderr}`);
    }
    if (await answers(`${url}${options.readyPath}`)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
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
