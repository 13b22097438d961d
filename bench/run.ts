// npm run bench: throughput of the real server against a bare Fastify
// baseline, and the storefront's home-route JS size. Prints, asserts nothing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeRouteJsSize } from './bundle-size.ts';
import { startChildServer } from './child-server.ts';
import { startKassa } from './kassa-server.ts';
import { measure, type LoadSettings, type Measurement } from './measure.ts';
import { benchOrdersHotSlot } from './orders-hot-slot.ts';
import { printReport } from './print.ts';
import { plotsWindowPath } from './plots-target.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const settings: LoadSettings = {
  connections: 50,
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmUpSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
};
const notes: string[] = [];

const baselineServer = await startChildServer('bench/baseline-server.ts', {
  cwd: repoRoot,
  readyPath: '/hello',
});
const baseline = await measure('baseline: bare Fastify hello', `${baselineServer.url}/hello`, settings);
await baselineServer.stop();

/** Kassa's answer to GET / as a browser gets it, kept in a file for the reference row. */
async function savePage(
  url: string,
  headers: Record<string, string>,
): Promise<{ file: string; encoding: string | undefined; bytes: number }> {
  const answer = await new Promise<{ body: Buffer; encoding: string | undefined }>((resolve, reject) => {
    // node:http, not fetch: fetch would decode the brotli, and the reference sends the bytes as they came.
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  const file = path.join(repoRoot, '.tmp', `bench-home-page-${process.pid}`);
  writeFileSync(file, answer.body);
  return { file, encoding: answer.encoding, bytes: answer.body.length };
}

let homePage: Awaited<ReturnType<typeof savePage>> | undefined;
const kassa = await startKassa(repoRoot);
const measurements: Measurement[] = [];
try {
  // The front door: the server-rendered home page (decision 0153), asked for as a browser
  // asks (it accepts brotli, and gets the cached compressed copy), and once without
  // compression, to show what the page's size costs.
  const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  measurements.push(
    await measure('GET / (storefront page, as a browser)', `${kassa.url}/`, settings, browser),
  );
  homePage = await savePage(`${kassa.url}/`, browser);
  measurements.push(await measure('GET / (storefront page, uncompressed)', `${kassa.url}/`, settings));
  measurements.push(await measure('GET /api/home/products', `${kassa.url}/api/home/products`, settings));
  const plots = await plotsWindowPath(kassa.url);
  if (plots) {
    measurements.push(await measure(`GET ${plots.label}`, `${kassa.url}${plots.path}`, settings));
  } else {
    notes.push('no time-slot product in /api/home/products: the plots case was skipped');
  }
} finally {
  await kassa.stop();
}

// What the same bytes cost a bare Fastify: the share of GET / that is the page's size, not Kassa's work.
if (homePage) {
  const bare = await startChildServer('bench/baseline-server.ts', {
    cwd: repoRoot,
    readyPath: '/hello',
    env: { PAGE_FILE: homePage.file, PAGE_ENCODING: homePage.encoding ?? '' },
  });
  try {
    const bytes = `${(homePage.bytes / 1024).toFixed(1)} KB`;
    measurements.push(
      await measure(`reference: bare Fastify, GET /'s ${bytes}`, `${bare.url}/page`, settings),
    );
  } finally {
    await bare.stop();
  }
}

if (homePage) rmSync(homePage.file, { force: true });

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
  bundle: homeRouteJsSize(path.join(repoRoot, 'apps/storefront/dist')),
  notes,
});

// Booking throughput on one contended slot (in-process, native PostgreSQL only; prints or says it skipped).
console.log('');
await benchOrdersHotSlot();
