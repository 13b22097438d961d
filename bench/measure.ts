import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers: a figure with many is not a throughput. */
  failures: number;
  /** The baseline measured right before this case, when there was one: the ratio is to it. */
  baselineRequestsPerSecond?: number;
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
): Promise<Measurement> {
  await autocannon({ url, headers, connections: settings.connections, duration: settings.warmUpSeconds });
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
