import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers: a figure with many is not a throughput. */
  failures: number;
  /** The baseline measured right before this case, when there was one: the ratio is to it. */
  baselineRequestsPerSecond?: number;
  /**
   * The server process's CPU time (user + system) per answered request while it was measured.
   * Less moved by other work on the machine than req/s: what one request costs the server.
   */
  serverCpuMicrosPerRequest?: number;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
}

/** Warms the route up (JIT, caches, connection pools), then measures it. */
export async function measure(
  name: string,
  url: string,
  settings: LoadSettings,
  headers: Record<string, string> = {},
  /** The server's process id: its CPU time per request is measured too (Linux /proc). */
  serverPid?: number,
): Promise<Measurement> {
  await autocannon({ url, headers, connections: settings.connections, duration: settings.warmUpSeconds });
  const cpuBefore = processCpuMicros(serverPid);
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
  });
  const cpuAfter = processCpuMicros(serverPid);
  const answered = result.requests.total;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? { serverCpuMicrosPerRequest: (cpuAfter - cpuBefore) / answered }
      : {}),
  };
}

/** A process's user + system CPU time in µs, from /proc/<pid>/stat; undefined where there is none. */
function processCpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Linux's USER_HZ is 100 on every common platform.
  return Number.isFinite(ticks) ? ticks * 10_000 : undefined;
}
