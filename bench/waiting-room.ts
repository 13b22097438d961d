/**
 * Rush mode's waiting room under 10,000 visitors (decisions 0265–0267),
 * through the real app (buildApp + inject: routing, validation, the queue,
 * the passes, the order engine) on native PostgreSQL, as two instances on
 * one database, on a simulated clock that both share: a second of the rush
 * is one step, so twenty minutes of it run in a minute or two.
 *
 * Prints the admissions per minute against the set rate, the orders taken
 * without a valid pass (must be 0), and what a burst of polls costs in
 * database writes. Asserts nothing: the tests in
 * apps/server/src/modules/waiting-room/ assert correctness.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/waiting-room.ts
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import type { App } from '../apps/server/src/deps.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { createOrganisation, createPlot, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { adminQuery } from './admin-query.ts';

export interface WaitingRoomSettings {
  visitors: number;
  /** Admissions per minute. */
  rate: number;
  /** Of the visitors, those who queue in the 15 minutes before the opening. */
  preQueue: number;
  /** Share of admitted visitors who order with their pass. */
  orderShare: number;
}

const DEFAULTS: WaitingRoomSettings = { visitors: 10_000, rate: 600, preQueue: 2_000, orderShare: 0.1 };

const customer = (n: number) => ({
  first_name: 'Rush',
  last_name: `Visitor ${n}`,
  email: `rush${n}@example.org`,
  fields: {},
});
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const entryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { e: number }).e;

export async function benchWaitingRoom(settings: Partial<WaitingRoomSettings> = {}): Promise<void> {
  const { visitors, rate, preQueue, orderShare } = { ...DEFAULTS, ...settings };
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('waiting room: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const name = `kassa_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  const apps: App[] = [];
  const started = performance.now();
  try {
    const opensAt = new Date('2026-12-01T09:00:00Z');
    let clock = new Date(opensAt.getTime() - 15 * 60_000);
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ driver: 'pg', url: url.toString(), maxConnections: 4 });
      if (i === 0) await database.migrate();
      databases.push(database);
      const config = loadConfig({
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        DATA_DIR: 'memory://',
        CAPTCHA_ORDERS_PER_IP: '0',
        WAITING_ROOM_REFRESH_MS: '1000',
      });
      const app = await buildApp({ config, database, logger: false, now: () => clock });
      await app.ready();
      apps.push(app);
    }
    const { db } = databases[0]!;
    const organisation = await createOrganisation(db);
    const product = await createProduct(db, organisation.id, {
      priceCents: 1500,
      capacityType: 'NONE',
      rush: {
        opensAt: opensAt.toISOString(),
        preQueueMinutes: 15,
        admitPerMinute: rate,
        passMinutes: 10,
        endsAt: new Date(opensAt.getTime() + 3 * 3_600_000).toISOString(),
      },
    });
    await createPlot(db, product.id, { capacity: null });
    const instance = (n: number) => apps[n % 2]!;
    const order = (n: number, rushPass?: string) =>
      instance(n).inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: ipOf(n),
        payload: {
          customer: customer(n),
          orders: [{ product: { id: product.id, quantity: 1 } }],
          ...(rushPass ? { rushPass } : {}),
        },
      });
    const poll = (n: number, token: string) =>
      instance(n).inject({
        method: 'GET',
        url: `/api/waiting-room/status?token=${encodeURIComponent(token)}`,
        remoteAddress: ipOf(n),
      });

    // Arrivals: the pre-queue over the 15 minutes before the opening, the rest over the first 5 minutes after.
    const arrivals = new Map<number, number[]>();
    for (let n = 0; n < visitors; n += 1) {
      const second =
        n < preQueue
          ? Math.floor((n / preQueue) * 15 * 60)
          : 15 * 60 + Math.floor(((n - preQueue) / (visitors - preQueue)) * 5 * 60);
      arrivals.set(second, [...(arrivals.get(second) ?? []), n]);
    }
    const tokens = new Map<number, string>();
    const visitorOfEntry = new Map<number, number>();
    const spent: string[] = [];
    let joinFailures = 0;
    const withPass = { accepted: 0, refused: 0 };
    const abuse = { attempts: 0, accepted: 0 };
    let polls = 0;
    let burst: { polls: number; writes: number; refreshWindowMs: number } | null = null;
    const tableWrites = async () => {
      const result = (await db.execute(sql`
        SELECT coalesce(sum(n_tup_upd + n_tup_ins + n_tup_del), 0)::bigint AS writes
        FROM pg_stat_user_tables WHERE relname IN ('rush_queues', 'rush_entries')`)) as unknown as {
        rows: { writes: string }[];
      };
      return Number(result.rows[0]?.writes ?? 0);
    };

    const lastSecond = 15 * 60 + Math.ceil((visitors / rate) * 60) + 30;
    for (let second = 0; second <= lastSecond; second += 1) {
      clock = new Date(opensAt.getTime() - 15 * 60_000 + second * 1000);
      for (const n of arrivals.get(second) ?? []) {
        const joined = await instance(n).inject({
          method: 'POST',
          url: '/api/waiting-room/join',
          remoteAddress: ipOf(n),
          payload: { productId: product.id },
        });
        if (joined.statusCode !== 200) {
          joinFailures += 1;
          continue;
        }
        const token = joined.json<{ response: { token: string } }>().response.token;
        tokens.set(n, token);
        visitorOfEntry.set(entryOf(token), n);
      }
      // Every instance answers a poll this second (each refreshes its snapshot at most once a second).
      for (let i = 0; i < 2; i += 1) {
        const waiting = [...tokens.entries()][Math.floor(Math.random() * tokens.size)];
        if (waiting) {
          await poll(i, waiting[1]);
          polls += 1;
        }
      }
      // Once, ten minutes in: a burst of 5,000 polls within one second, and the writes it caused.
      if (second === 15 * 60 + 600 && tokens.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, 600)); // pg_stat counters are flushed on a timer
        const before = await tableWrites();
        const list = [...tokens.entries()];
        for (let i = 0; i < 5_000; i += 1) {
          const [n, token] = list[i % list.length]!;
          await poll(n, token);
        }
        polls += 5_000;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        burst = { polls: 5_000, writes: (await tableWrites()) - before, refreshWindowMs: 1000 };
      }
      // Who was let in this second: they poll, get their pass, and some of them order with it.
      const admitted = (await db.execute(sql`
        SELECT id FROM rush_entries WHERE admitted_at = ${clock.toISOString()}::timestamptz`)) as unknown as {
        rows: { id: number }[];
      };
      for (const { id } of admitted.rows) {
        const n = visitorOfEntry.get(id);
        if (n === undefined) continue;
        const status = (await poll(n, tokens.get(n)!)).json<{
          response: { status: { pass: string | null } };
        }>().response.status;
        polls += 1;
        tokens.delete(n);
        if (!status.pass || Math.random() >= orderShare) continue;
        const placed = await order(n, status.pass);
        if (placed.statusCode === 200) {
          withPass.accepted += 1;
          spent.push(status.pass);
        } else withPass.refused += 1;
      }
      // Abuse each second: no pass, a forged pass, a spent pass again.
      if (second >= 15 * 60 && second % 5 === 0) {
        const n = visitors + second;
        const forged = spent.length
          ? `${spent[0]!.split('.')[0]}.${randomBytes(32).toString('base64url')}`
          : 'x.y';
        for (const attempt of [undefined, forged, spent[spent.length - 1]]) {
          const answer = await order(n, attempt);
          abuse.attempts += 1;
          if (answer.statusCode === 200) abuse.accepted += 1;
        }
      }
    }

    // Admissions per full minute from the opening while people were waiting.
    const perMinute = (await db.execute(sql`
      SELECT floor(extract(epoch FROM admitted_at - ${opensAt.toISOString()}::timestamptz) / 60)::int AS minute, count(*)::int AS admitted
      FROM rush_entries WHERE admitted_at IS NOT NULL GROUP BY 1 ORDER BY 1`)) as unknown as {
      rows: { minute: number; admitted: number }[];
    };
    const full = perMinute.rows.slice(0, -1); // the last minute ran out of visitors
    const deviations = full.map((row) => Math.abs(row.admitted - rate) / rate);
    const worst = deviations.length ? Math.max(...deviations) : 0;
    const total = perMinute.rows.reduce((sum, row) => sum + row.admitted, 0);
    const ordersInDb = (await db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE organisation_id = ${organisation.id}`,
    )) as unknown as { rows: { n: number }[] };
    const usedPasses = (await db.execute(
      sql`SELECT count(*)::int AS n FROM rush_entries WHERE status = 'USED'`,
    )) as unknown as { rows: { n: number }[] };
    const pre = (await db.execute(sql`
      SELECT corr(id, rank) AS c FROM rush_entries WHERE pre_queue`)) as unknown as {
      rows: { c: number | null }[];
    };

    console.log(
      `waiting room: ${visitors.toLocaleString('en')} visitors (${preQueue.toLocaleString('en')} in the pre-queue), set rate ${rate}/min, 2 instances on one PostgreSQL, simulated clock`,
    );
    console.log(
      `  admitted: ${total.toLocaleString('en')} in ${perMinute.rows.length} minutes; per full minute: ${full.map((row) => row.admitted).join(', ')}`,
    );
    console.log(`  worst full minute off the set rate: ${(worst * 100).toFixed(2)} % (target: within 5 %)`);
    console.log(
      `  pre-queue order: correlation of arrival and drawn rank ${Number(pre.rows[0]?.c ?? 0).toFixed(3)} (≈ 0: random)`,
    );
    console.log(
      `  orders with a pass: ${withPass.accepted} accepted, ${withPass.refused} refused; orders in the database: ${ordersInDb.rows[0]?.n}, passes spent: ${usedPasses.rows[0]?.n}`,
    );
    console.log(
      `  orders without a valid pass (none, forged, spent): ${abuse.attempts} tried, ${abuse.accepted} accepted (must be 0)`,
    );
    if (burst)
      console.log(
        `  a burst of ${burst.polls.toLocaleString('en')} polls in one second: ${burst.writes} row writes to the queue tables, the second's admissions included (answered from each instance's 1 s snapshot)`,
      );
    console.log(
      `  polls in all: ${polls.toLocaleString('en')}; joins refused: ${joinFailures}; ran ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const visitors = Number(process.env.BENCH_ROOM_VISITORS ?? DEFAULTS.visitors);
  await benchWaitingRoom({
    visitors,
    preQueue: Math.floor(visitors / 5),
    rate: Number(process.env.BENCH_ROOM_RATE ?? DEFAULTS.rate),
  });
}
