// npm run bench: throughput of the real server against a bare Fastify
// baseline, and the storefront's home-route JS size. Prints, asserts nothing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeRouteJsSize } from './bundle-size.ts';
import { startChildServer } from './child-server.ts';
import { startKassa, type ProcessMemory } from './kassa-server.ts';
import { measure, type LoadSettings, type Measurement } from './measure.ts';
import { benchOrdersHotSlot } from './orders-hot-slot.ts';
import { benchStaffOrderSearch } from './staff-order-search.ts';
import { benchStaffReports } from './staff-reports.ts';
import { benchWaitingRoom } from './waiting-room.ts';
import { printReport } from './print.ts';
import { plotsWindowPath } from './plots-target.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const settings: LoadSettings = {
  connections: 50,
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmUpSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
};
/** Seconds Kassa runs before the first case (BENCH_SETTLE_SECONDS). */
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
const notes: string[] = [];
/**
 * BENCH_ONLY: a comma list of the parts to run (http, hot-slot, search, reports, room);
 * unset runs them all. For measuring one change without waiting for the rest.
 * `api` runs the http part without the storefront page cases: the JSON routes and their references.
 */
const only = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const runs = (part: 'http' | 'api' | 'hot-slot' | 'search' | 'reports' | 'room') =>
  only.size === 0 || only.has(part);

if (runs('http') || runs('api')) await benchHttp({ pages: runs('http') });

async function benchHttp({ pages }: { pages: boolean }): Promise<void> {
  // The baseline stays up and is measured again right before every case: on a machine the load
  // generator shares, throughput drifts by tens of percent within minutes, and a ratio to a
  // baseline measured minutes earlier would carry that drift.
  const baselineServer = await startChildServer('bench/baseline-server.ts', {
    cwd: repoRoot,
    readyPath: '/hello',
  });
  const baselines: Measurement[] = [];

  /** One case, with the baseline measured right before it; its ratio is to that baseline. */
  async function measureCase(
    name: string,
    url: string,
    headers?: Record<string, string>,
    serverPid?: number,
  ): Promise<Measurement> {
    const before = await measure('baseline', `${baselineServer.url}/hello`, settings, {}, baselineServer.pid);
    baselines.push(before);
    const result = await measure(name, url, settings, headers, serverPid);
    return { ...result, baselineRequestsPerSecond: before.requestsPerSecond };
  }

  let savedPages = 0;

  /** Kassa's answer to GET / with these request headers, kept in a file for a reference row. */
  async function savePage(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ file: string; encoding: string | undefined; type: string | undefined; bytes: number }> {
    const answer = await new Promise<{
      body: Buffer;
      encoding: string | undefined;
      type: string | undefined;
    }>((resolve, reject) => {
      // node:http, not fetch: fetch would decode the brotli, and the reference sends the bytes as they came.
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
            type: response.headers['content-type'],
          }),
        );
        response.on('error', reject);
      }).on('error', reject);
    });
    mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
    const file = path.join(repoRoot, '.tmp', `bench-home-page-${process.pid}-${savedPages++}`);
    writeFileSync(file, answer.body);
    return { file, encoding: answer.encoding, type: answer.type, bytes: answer.body.length };
  }

  type SavedPage = Awaited<ReturnType<typeof savePage>>;
  /**
   * Answers saved for the reference rows: GET / as a browser gets it and uncompressed, and
   * GET /api/home/products, whose ratio is mostly its size (7 KB uncompressed against the baseline's 17 bytes),
   * and the calendar's plots (some 80 KB uncompressed).
   */
  const homePages: { what: string; label: string; page: SavedPage }[] = [];
  const kassa = await startKassa(repoRoot).catch(async (error: unknown) => {
    await baselineServer.stop();
    throw error;
  });
  const measurements: Measurement[] = [];
  /** Kassa's memory after its load cases: an instance's RSS on a busy day, the figure a memory limit is set by. */
  let kassaMemory: (ProcessMemory & { loadSeconds: number }) | undefined;
  try {
    // A server that has just answered /healthz is still warming its caches and finishing
    // start-up work; the figures are for a shop that has been running.
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    // The front door: the server-rendered home page (decision 0153), asked for as a browser
    // asks (it accepts brotli, and gets the cached compressed copy), and once without
    // compression, to show what the page's size costs.
    const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    if (pages) {
      measurements.push(
        await measureCase('GET / (storefront page, as a browser)', `${kassa.url}/`, browser, kassa.pid),
      );
      homePages.push({ what: 'GET /', label: '', page: await savePage(`${kassa.url}/`, browser) });
      measurements.push(
        await measureCase('GET / (storefront page, uncompressed)', `${kassa.url}/`, {}, kassa.pid),
      );
      homePages.push({ what: 'GET /', label: ' uncompressed', page: await savePage(`${kassa.url}/`, {}) });
    }
    // The home page's product list, asked for as the storefront's fetch asks (a browser accepts
    // brotli and gets the kept compressed copy, decision 0272), and once without compression.
    const products = `${kassa.url}/api/home/products`;
    measurements.push(
      await measureCase('GET /api/home/products (as a browser)', products, browser, kassa.pid),
    );
    homePages.push({ what: 'GET /api/home/products', label: '', page: await savePage(products, browser) });
    measurements.push(await measureCase('GET /api/home/products (uncompressed)', products, {}, kassa.pid));
    homePages.push({
      what: 'GET /api/home/products',
      label: ' uncompressed',
      page: await savePage(products, {}),
    });
    // The calendar's 60 days of plots, asked for as the storefront's fetch asks (a browser,
    // decision 0272) and uncompressed, each with its bare reference: how much of it is size.
    const plots = await plotsWindowPath(kassa.url);
    if (plots) {
      const plotsUrl = `${kassa.url}${plots.path}`;
      const json = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
      measurements.push(await measureCase(`GET ${plots.label} (as a browser)`, plotsUrl, json, kassa.pid));
      homePages.push({ what: `GET ${plots.label}`, label: '', page: await savePage(plotsUrl, json) });
      measurements.push(await measureCase(`GET ${plots.label} (uncompressed)`, plotsUrl, {}, kassa.pid));
      homePages.push({
        what: `GET ${plots.label}`,
        label: ' uncompressed',
        page: await savePage(plotsUrl, {}),
      });
    } else {
      notes.push('no time-slot product in /api/home/products: the plots case was skipped');
    }
    const memory = kassa.memory();
    const loadSeconds = measurements.length * (settings.warmUpSeconds + settings.durationSeconds);
    if (memory) kassaMemory = { ...memory, loadSeconds };
    else notes.push("no /proc/<pid>/status: Kassa's memory was not read");
  } finally {
    await kassa.stop();
  }

  // What the same bytes cost a bare Fastify: the share of a case that is its answer's size, not Kassa's work.
  for (const { what, label, page } of homePages) {
    const bare = await startChildServer('bench/baseline-server.ts', {
      cwd: repoRoot,
      readyPath: '/hello',
      env: { PAGE_FILE: page.file, PAGE_ENCODING: page.encoding ?? '', PAGE_TYPE: page.type ?? '' },
    });
    try {
      const bytes = `${(page.bytes / 1024).toFixed(1)} KB`;
      measurements.push(
        await measureCase(
          `reference: bare Fastify, ${what}'s ${bytes}${label}`,
          `${bare.url}/page`,
          {},
          bare.pid,
        ),
      );
    } finally {
      await bare.stop();
      rmSync(page.file, { force: true });
    }
  }

  await baselineServer.stop();

  // The baseline row: the median of its measurements, one before each case.
  const sortedBaselines = [...baselines].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const baseline: Measurement = {
    ...sortedBaselines[Math.floor(sortedBaselines.length / 2)]!,
    name: `baseline: bare Fastify hello (median of ${baselines.length}; each ratio is to the one before its case)`,
    failures: baselines.reduce((sum, m) => sum + m.failures, 0),
  };

  if (process.env.DATABASE_URL) {
    notes.push('DATABASE_URL is set: Kassa ran on native PostgreSQL (the baseline uses no database)');
  } else {
    notes.push('Kassa ran on PGlite (single connection); set DATABASE_URL for native PostgreSQL');
  }
  // Other work on the machine moves every figure; say so rather than print a ratio that looks exact.
  const [load] = loadavg();
  if (load !== undefined && load > availableParallelism()) {
    notes.push(
      `load average ${load.toFixed(1)} on ${availableParallelism()} cores: the machine was busy, figures are noisy`,
    );
  }
  const failed = [baseline, ...measurements].filter((m) => m.failures > 0);
  if (failed.length)
    notes.push(`failed requests in: ${failed.map((m) => m.name).join(', ')} (figures not comparable)`);

  printReport({
    settings,
    baseline,
    measurements,
    kassaMemory,
    bundle: homeRouteJsSize(path.join(repoRoot, 'apps/storefront/dist')),
    notes,
  });
}

// Booking throughput on one contended slot (in-process, native PostgreSQL only; prints or says it skipped).
if (runs('hot-slot')) {
  console.log('');
  await benchOrdersHotSlot();
}

// The box office's order search on 100,000 orders (native PostgreSQL only; prints or says it skipped).
if (runs('search')) {
  console.log('');
  await benchStaffOrderSearch();
}

// The manager's dashboard on 100,000 invoiced orders and 1,000,000 tickets (native PostgreSQL only).
if (runs('reports')) {
  console.log('');
  await benchStaffReports();
}
// Rush mode's waiting room with 10,000 visitors on a simulated clock (native PostgreSQL only; prints or says it skipped).
if (runs('room')) {
  console.log('');
  await benchWaitingRoom();
}
