import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server.ts';

/** A process's memory as the kernel counts it, in bytes. */
export interface ProcessMemory {
  /** Resident set size now (VmRSS). */
  rssBytes: number;
  /** The highest resident set size the process had (VmHWM). */
  peakRssBytes: number;
}

export interface KassaServer extends ChildServer {
  /** The server process's memory now; undefined where /proc is not there (not Linux). */
  memory(): ProcessMemory | undefined;
}

/**
 * The real server as production runs it, compiled (apps/server/dist/main.js,
 * built by `npm run build`; decision 0255), with the demo seed: on a fresh
 * PGlite folder under .tmp, or on DATABASE_URL when that is set.
 * BENCH_CPU_PROF=dir: the server writes its CPU profile there when it stops (node --cpu-prof).
 */
export async function startKassa(repoRoot: string): Promise<KassaServer> {
  const scratch = path.join(repoRoot, '.tmp');
  mkdirSync(scratch, { recursive: true });
  const dataFolder = mkdtempSync(path.join(scratch, 'bench-data-'));
  const profileFolder = process.env.BENCH_CPU_PROF;
  const server = await startChildServer('apps/server/dist/main.js', {
    cwd: repoRoot,
    // The demo shop sells through the built-in test page, on purpose (decision 0051).
    env: { DATA_DIR: dataFolder, SEED_DEMO: 'true', LOG_LEVEL: 'warn', ALLOW_TEST_GATEWAY: 'true' },
    readyPath: '/healthz',
    extraNodeFlags: profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder}`] : [],
  });
  return {
    url: server.url,
    pid: server.pid,
    memory: () => (server.pid === undefined ? undefined : processMemory(server.pid)),
    async stop() {
      await server.stop();
      rmSync(dataFolder, { recursive: true, force: true });
    },
  };
}

/**
 * Read from outside the process (/proc/<pid>/status), so the figure is what an
 * orchestrator's memory limit sees, and the server needs no debug endpoint for it.
 */
function processMemory(pid: number): ProcessMemory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rss = kilobytes('VmRSS');
  const peak = kilobytes('VmHWM');
  if (!Number.isFinite(rss) || !Number.isFinite(peak)) return undefined;
  return { rssBytes: rss * 1024, peakRssBytes: peak * 1024 };
}
