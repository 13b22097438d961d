/**
 * The production start (decision 0255) and its drain (decision 0256): the
 * server compiled by build.mjs runs with plain node, no TypeScript loader,
 * finds its migrations and demo files beside the compiled file, and answers.
 * On SIGTERM it reports not ready while it keeps answering, finishes the
 * requests under way, closes its database and exits 0; one that outlives
 * the bound is cut and the exit code says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './db/schema.ts';
import { serverRoot } from './paths.ts';
import { exitCode, spawnServer, waitUntilHealthy, type ChildServer } from './testing/child-server.ts';
import { createOrganisation, createPlot, createProduct } from './testing/fixtures.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-database.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Its own copy, so a `dist` someone is running is never replaced under them.
const folder = `dist-test-${process.pid}`;
const compiled = `${folder}/main.js`;
const servers: ChildServer[] = [];

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs', folder], { cwd: serverRoot, stdio: 'pipe' });
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  rmSync(path.join(serverRoot, folder), { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ChildServer> {
  const server = await spawnServer(env, { compiled });
  servers.push(server);
  return server;
}

describe('the compiled server', () => {
  it('starts with plain node on a fresh PGlite, seeds the demo shop and answers the API', async () => {
    const server = await start({ DATA_DIR: 'memory://', SEED_DEMO: 'true' });
    // A first start creates the database and seeds the demo: slow on a busy machine.
    await waitUntilHealthy(server, 200_000);
    expect(server.process.spawnargs.slice(1)).toEqual([compiled]);

    const products = await fetch(`${server.baseUrl}/api/home/products`);
    expect(products.status).toBe(200);
    const body = (await products.json()) as { products: { slug: string }[] };
    expect(body.products.map((product) => product.slug)).toContain('museum-admission');
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });

    // Ctrl-C: no drain delay, a clean exit.
    await server.kill('SIGINT');
    expect(server.process.exitCode).toBe(0);
  }, 240_000);

  it('seeds a PGlite folder in a process of its own, serves it (decisions 0276, 0288), and a restart finds it seeded', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kassa-compiled-'));
    try {
      for (const run of ['first start', 'restart']) {
        const server = await start({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
        const seeders = watchSeedingChildren(server.process.pid!);
        await waitUntilHealthy(server, 200_000);
        // The first start had the same program seed in a child process; a restart has nothing to seed.
        if (hasProc) expect(seeders.stop(), run).toHaveLength(run === 'first start' ? 1 : 0);
        else seeders.stop();
        const products = await fetch(`${server.baseUrl}/api/home/products`);
        const body = (await products.json()) as { products: { slug: string }[] };
        expect(
          body.products.map((product) => product.slug),
          run,
        ).toContain('museum-admission');
        await server.kill('SIGINT');
        expect(server.process.exitCode).toBe(0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);
});

describe.skipIf(!onPostgres)('draining on SIGTERM (native PostgreSQL: set TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  // One shop: a server serves the first organisation in its database.
  let shop: { product: { id: number; organisationId: number }; plot: { id: number } };
  beforeAll(async () => {
    database = await openTestDatabase();
    const organisation = await createOrganisation(database.db, { holdMinutes: 60, name: 'Drain Museum' });
    const product = await createProduct(database.db, organisation.id, { priceCents: 1000 });
    const plot = await createPlot(database.db, product.id, { capacity: 1000 });
    shop = { product, plot };
  });
  afterAll(async () => {
    await database?.close();
  });

  function order(baseUrl: string, productId: number, plotId: number, n: number) {
    return fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'pay',
        customer: { first_name: 'Drain', last_name: 'Test', email: `drain${n}@drain.example`, fields: {} },
        orders: [{ product: { id: productId, plot: plotId, quantity: 1 } }],
      }),
    });
  }

  /** Holds the plot's row lock, so every booking of it waits in the database until release. */
  async function holdPlot(plotId: number) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM plots WHERE id = $1 FOR UPDATE', [plotId]);
    return {
      async release() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  it('answers every request under way, reports 503 on /readyz meanwhile, then exits 0', async () => {
    const { product, plot } = shop;
    const server = await start({
      NODE_ENV: 'production',
      ALLOW_TEST_GATEWAY: 'true',
      DATABASE_URL: database.url!,
      DRAIN_DELAY_MS: '1500',
      DRAIN_TIMEOUT_MS: '20000',
    });
    await waitUntilHealthy(server);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

    const lock = await holdPlot(plot.id);
    const REQUESTS = 8;
    const answers = Array.from({ length: REQUESTS }, (_, n) =>
      order(server.baseUrl, product.id, plot.id, n).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      ),
    );
    // Let them all reach the database and wait on the lock.
    await waitFor(async () => (await waitingOnLocks(database.url!)) >= REQUESTS);

    const exited = exitCode(server, 60_000);
    server.process.kill('SIGTERM');
    // During the delay it still answers, and says it is not ready.
    const readyz = await waitForAnswer(`${server.baseUrl}/readyz`, (status) => status === 503);
    expect(readyz.body).toEqual({ ready: false, reason: 'draining' });
    expect(readyz.connection).toBe('close');

    // Past the delay it stops listening, while the requests under way still wait on the lock.
    await waitFor(
      async () =>
        await fetch(`${server.baseUrl}/healthz`).then(
          () => false,
          () => true,
        ),
    );
    expect(server.process.exitCode).toBeNull();
    await lock.release();

    const settled = await Promise.all(answers);
    expect(settled.map((answer) => answer.status)).toEqual(Array(REQUESTS).fill(200));
    expect(await exited).toBe(0);
    const [placed] = await database.db
      .select({ n: count() })
      .from(s.orders)
      .where(eq(s.orders.organisationId, product.organisationId));
    expect(placed!.n).toBe(REQUESTS);
  }, 120_000);

  it('exits within the bound, with code 1, when a request outlives the drain timeout', async () => {
    const { product, plot } = shop;
    const server = await start({
      NODE_ENV: 'production',
      ALLOW_TEST_GATEWAY: 'true',
      DATABASE_URL: database.url!,
      DRAIN_DELAY_MS: '0',
      DRAIN_TIMEOUT_MS: '1500',
    });
    await waitUntilHealthy(server);
    const lock = await holdPlot(plot.id);
    try {
      const stuck = order(server.baseUrl, product.id, plot.id, 99).catch(() => undefined);
      await waitFor(async () => (await waitingOnLocks(database.url!)) >= 1);
      const exited = exitCode(server, 60_000);
      const sent = Date.now();
      server.process.kill('SIGTERM');
      expect(await exited).toBe(1);
      const took = Date.now() - sent;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(10_000);
      await stuck;
    } finally {
      await lock.release();
    }
  }, 120_000);
});

const hasProc = existsSync('/proc/self/status');

/**
 * Child processes of `parentPid` started with the seeding flag (seed/seed-process.ts), found by
 * looking at /proc every 20 ms until stop() (Linux; the seed runs for seconds).
 */
function watchSeedingChildren(parentPid: number): { stop(): number[] } {
  const found = new Set<number>();
  const look = () => {
    if (!hasProc) return;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || found.has(Number(entry))) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== parentPid) continue;
        if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes('KASSA_SEED_PROCESS=1'))
          found.add(Number(entry));
      } catch {
        // The process ended while being read.
      }
    }
  };
  const timer = setInterval(look, 20);
  return {
    stop() {
      clearInterval(timer);
      return [...found];
    },
  };
}

/** Backends of this test's database waiting for a lock. */
async function waitingOnLocks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    return Number(result.rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForAnswer(url: string, wanted: (status: number) => boolean) {
  let last: { status: number; body: unknown; connection: string | null } | undefined;
  await waitFor(async () => {
    const response = await fetch(url).catch(() => undefined);
    if (!response) return false;
    last = {
      status: response.status,
      body: await response.json(),
      connection: response.headers.get('connection'),
    };
    return wanted(response.status);
  });
  return last!;
}
