/**
 * Orders per minute on one hot slot: many buyers at once on a single plot,
 * through the real app (buildApp + inject: routing, validation, pricing, the
 * booking transaction), on native PostgreSQL. Every booking of the slot
 * queues on the same plot lock, so this measures the serialised critical
 * section: the seat function and the commit record. The commit does not
 * wait for the WAL flush inside the lock; each booking waits for it after,
 * sharing the fsync with the others (decision 0278). It also checks the
 * slot was not oversold.
 *
 * Buyers run in BENCH_HOT_SLOT_WORKERS processes (default 2), each with its
 * own app and connection pool, like several server instances behind a load
 * balancer (docs/architecture.md, "Rules the code keeps"): one Node process is
 * CPU-bound well before the plot lock is.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/orders-hot-slot.ts
 *
 * A throw-away database is created on that server and dropped afterwards.
 * From bench/run.ts: `await benchOrdersHotSlot()` (prints; returns figures).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql, sum } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import type { App } from '../apps/server/src/deps.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { capacityHolds } from '../apps/server/src/db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { adminQuery } from './admin-query.ts';

export interface HotSlotSettings {
  /** Order attempts in all. */
  orders: number;
  /** Requests in flight at once, per worker. */
  concurrency: number;
  /** Seats on the slot; attempts beyond it must be refused. */
  seats: number;
  /** Processes running buyers, like server instances. */
  workers: number;
}

export interface HotSlotResult {
  ordersPerMinute: number;
  booked: number;
  refused: number;
  failed: number;
  seatsSold: number;
  seats: number;
  oversold: number;
  seconds: number;
  /** Statements sent to PostgreSQL per order attempt: each is a network round trip. */
  roundTripsPerOrder: number;
  /** CPU milliseconds per order attempt of the worker processes while buying. */
  nodeCpuMsPerOrder: number;
  /** CPU milliseconds per order attempt of the PostgreSQL processes working for it; undefined when not on this machine. */
  postgresCpuMsPerOrder: number | undefined;
}

interface Counts {
  booked: number;
  refused: number;
  failed: number;
  /** Statements the worker's connections sent while buying. */
  roundTrips: number;
  /** The worker's CPU time (user + system) while buying, in microseconds. */
  cpuMicros: number;
}

/** Parent → worker: what to buy. Worker → parent: ready, then the counts. */
interface WorkerJob {
  url: string;
  productId: number;
  plotId: number;
  warmPlotId: number;
  first: number;
  count: number;
  concurrency: number;
}

// The on-sale day target: 30,000 orders a minute on one slot, none oversold.
const TARGET_PER_MINUTE = 30_000;
const DEFAULTS: HotSlotSettings = {
  orders: Number(process.env.BENCH_HOT_SLOT_ORDERS ?? 2400),
  concurrency: Number(process.env.BENCH_HOT_SLOT_CONCURRENCY ?? 16),
  seats: Number(process.env.BENCH_HOT_SLOT_SEATS ?? 2000),
  workers: Number(process.env.BENCH_HOT_SLOT_WORKERS ?? 2),
};

/**
 * Orders each worker places on another plot before the measured ones
 * (BENCH_HOT_SLOT_WARM_UP): enough for V8 to have optimised the order path.
 */
const WARM_UP_ORDERS = Number(process.env.BENCH_HOT_SLOT_WARM_UP ?? 400);

function orderPayload(n: number, productId: number, plotId: number) {
  return {
    action: 'pay',
    customer: { first_name: 'Bench', last_name: `Buyer ${n}`, email: `buyer${n}@example.test`, fields: {} },
    orders: [{ product: { id: productId, plot: plotId, quantity: 1 } }],
  };
}

/** Buys `count` single seats, `concurrency` at a time, through one app. */
async function buy(app: App, job: WorkerJob): Promise<Counts> {
  const counts: Counts = { booked: 0, refused: 0, failed: 0, roundTrips: 0, cpuMicros: 0 };
  let next = job.first;
  const end = job.first + job.count;
  async function buyer(): Promise<void> {
    while (next < end) {
      const n = next++;
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderPayload(n, job.productId, job.plotId),
      });
      if (response.statusCode === 200) counts.booked += 1;
      else if (response.statusCode === 409) counts.refused += 1;
      else {
        counts.failed += 1;
        if (counts.failed === 1)
          console.error(`  first failure: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: job.concurrency }, buyer));
  return counts;
}

async function openApp(url: string, connections: number): Promise<{ app: App; database: Database }> {
  const database = await openDatabase({ driver: 'pg', url, maxConnections: connections });
  // Every buyer comes from one address here: the per-IP captcha threshold is for scripts, not this bench.
  const config = loadConfig({
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    CAPTCHA_ORDERS_PER_IP: '0',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}

/**
 * Counts the statements every pg client of this process sends until the
 * returned function is called (it answers the count): node-postgres sends
 * one statement (or one script) per round trip and waits for its answer.
 */
function countRoundTrips(): () => number {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let count = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return query.apply(this, args);
  };
  return () => {
    prototype.query = query;
    return count;
  };
}

/** Worker process: build an app, warm it up on another plot, buy on 'go', report. */
async function runWorker(): Promise<void> {
  const job = await new Promise<WorkerJob>((resolve) =>
    process.once('message', (message) => resolve(message as WorkerJob)),
  );
  const { app, database } = await openApp(job.url, job.concurrency + 2);
  // Warm up as a shop that has been selling does: its order code compiled by V8, its pool's
  // connections open, its statements prepared (the HTTP cases settle and warm up the same way).
  await buy(app, { ...job, plotId: job.warmPlotId, first: 1_000_000 + job.first, count: WARM_UP_ORDERS });
  process.send!({ ready: true });
  await new Promise((resolve) => process.once('message', resolve));
  const stopCounting = countRoundTrips();
  const cpuBefore = process.cpuUsage();
  const counts = await buy(app, job);
  const cpu = process.cpuUsage(cpuBefore);
  counts.cpuMicros = cpu.user + cpu.system;
  counts.roundTrips = stopCounting();
  process.send!({ counts });
  // The parent reads this worker's backends' CPU time before they go.
  await new Promise((resolve) => process.once('message', resolve));
  await app.close();
  await database.close();
  process.disconnect();
}

/**
 * CPU time (user + system, in clock ticks) of each PostgreSQL process that
 * works for this bench: the backends connected to its database and the
 * server's WAL writer, checkpointer and background writer (the commits'
 * flushes). Other databases on the same server are not counted. Undefined
 * where /proc cannot tell (not Linux, or the server is on another machine).
 */
async function postgresTicks(db: Database['db']): Promise<Map<number, number> | undefined> {
  const result = await db.execute(sql`SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`);
  const { rows } = result as unknown as { rows: { pid: number }[] };
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // utime and stime are fields 14 and 15 of /proc/PID/stat; after the ")" of the name, field 3 comes first.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return undefined;
    }
  }
  return ticks;
}

/** Ticks spent between two readings; a process that started meanwhile counts from zero. */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ticks] of after) spent += ticks - (before.get(pid) ?? 0);
  return spent;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** Runs the benchmark and prints its figures; undefined when no PostgreSQL is configured. */
export async function benchOrdersHotSlot(
  settings: Partial<HotSlotSettings> = {},
): Promise<HotSlotResult | undefined> {
  const { orders, concurrency, seats, workers } = { ...DEFAULTS, ...settings };
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('orders hot slot: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
    return undefined;
  }
  const name = `kassa_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'pg', url: url.toString(), maxConnections: 4 });
  const children: ReturnType<typeof fork>[] = [];
  try {
    await database.migrate();
    const { db } = database;
    const organisation = await createOrganisation(db);
    const product = await createProduct(db, organisation.id, { priceCents: 1500 });
    const plot = await createPlot(db, product.id, { capacity: seats });
    const warm = await createPlot(db, product.id, { capacity: WARM_UP_ORDERS * workers });
    const share = Math.ceil(orders / workers);
    const replies = Array.from({ length: workers }, (_, index) => {
      const child = fork(fileURLToPath(import.meta.url), [], {
        // BENCH_CPU_PROF=dir writes each worker's CPU profile there (node --cpu-prof).
        // The server's production flags (apps/server start:prod, decision 0170): a worker is one instance.
        execArgv: [
          '--max-semi-space-size=32',
          '--import',
          'tsx',
          ...(process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : []),
        ],
        env: { ...process.env, KASSA_BENCH_WORKER: '1' },
      });
      children.push(child);
      const job: WorkerJob = {
        url: url.toString(),
        productId: product.id,
        plotId: plot.id,
        warmPlotId: warm.id,
        first: index * share,
        count: Math.max(0, Math.min(share, orders - index * share)),
        concurrency,
      };
      const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
      const done = ready.then(
        () =>
          new Promise<Counts>((resolve) =>
            child.once('message', (message) => resolve((message as { counts: Counts }).counts)),
          ),
      );
      child.send(job);
      return { child, ready, done };
    });
    await Promise.all(replies.map((reply) => reply.ready));
    const postgresBefore = await postgresTicks(db);
    const started = performance.now();
    for (const reply of replies) reply.child.send({ go: true });
    const results = await Promise.all(replies.map((reply) => reply.done));
    const seconds = (performance.now() - started) / 1000;
    const postgresAfter = await postgresTicks(db);
    for (const reply of replies) reply.child.send({ close: true });
    const counts = results.reduce(
      (total, part) => ({
        booked: total.booked + part.booked,
        refused: total.refused + part.refused,
        failed: total.failed + part.failed,
        roundTrips: total.roundTrips + part.roundTrips,
        cpuMicros: total.cpuMicros + part.cpuMicros,
      }),
      { booked: 0, refused: 0, failed: 0, roundTrips: 0, cpuMicros: 0 },
    );
    const [held] = await db
      .select({ seats: sum(capacityHolds.quantity).mapWith(Number) })
      .from(capacityHolds)
      .where(eq(capacityHolds.plotId, plot.id));
    const seatsSold = held?.seats ?? 0;
    const { roundTrips, cpuMicros, ...outcomes } = counts;
    const attempts = counts.booked + counts.refused + counts.failed;
    const postgresTicksUsed =
      postgresBefore && postgresAfter ? ticksBetween(postgresBefore, postgresAfter) : undefined;
    const result: HotSlotResult = {
      ordersPerMinute: Math.round(((counts.booked + counts.refused) / seconds) * 60),
      ...outcomes,
      roundTripsPerOrder: attempts > 0 ? roundTrips / attempts : 0,
      nodeCpuMsPerOrder: attempts > 0 ? cpuMicros / 1000 / attempts : 0,
      postgresCpuMsPerOrder:
        postgresTicksUsed !== undefined && attempts > 0
          ? ((postgresTicksUsed / TICKS_PER_SECOND) * 1000) / attempts
          : undefined,
      seatsSold,
      seats,
      oversold: Math.max(0, seatsSold - seats),
      seconds,
    };
    printHotSlot(result, workers, concurrency);
    return result;
  } finally {
    for (const child of children) if (child.connected) child.kill();
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function printHotSlot(result: HotSlotResult, workers: number, concurrency: number): void {
  const ratio = result.ordersPerMinute / TARGET_PER_MINUTE;
  console.log(
    `orders hot slot (${workers} processes × ${concurrency} buyers at once, one plot of ${result.seats} seats, native PostgreSQL)`,
  );
  console.log(
    `  ${result.ordersPerMinute.toLocaleString('en')} orders/min (target ${TARGET_PER_MINUTE.toLocaleString('en')}: ratio ${ratio.toFixed(2)})`,
  );
  console.log(
    `  booked ${result.booked}, refused ${result.refused} (NOT_ENOUGH_CAPACITY), failed ${result.failed}, in ${result.seconds.toFixed(1)} s`,
  );
  console.log(
    `  ${result.roundTripsPerOrder.toFixed(2)} statements (round trips) to PostgreSQL per order attempt`,
  );
  const postgresCpu =
    result.postgresCpuMsPerOrder === undefined
      ? 'PostgreSQL not on this machine'
      : `PostgreSQL ${result.postgresCpuMsPerOrder.toFixed(2)} ms (the bench database's backends, WAL writer, checkpointer, background writer)`;
  console.log(
    `  CPU per order attempt: Node ${result.nodeCpuMsPerOrder.toFixed(2)} ms (worker processes), ${postgresCpu}`,
  );
  console.log(
    `  seats sold ${result.seatsSold} of ${result.seats}: ${result.oversold === 0 ? '0 oversold' : `OVERSOLD by ${result.oversold}`}`,
  );
}

if (process.env.KASSA_BENCH_WORKER === '1') {
  await runWorker();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchOrdersHotSlot();
}
