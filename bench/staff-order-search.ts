/**
 * The box office's order search (decision 0230) on a shop with 100,000
 * orders, on native PostgreSQL: p50/p95 of typical searches through the
 * real route (buildApp + inject: staff token, validation, the queries) —
 * by printed order number, e-mail prefix, name, visit day, purchase dates.
 * Target: p95 ≤ 50 ms each.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/staff-order-search.ts
 *
 * A throw-away database is created on that server and dropped afterwards.
 * From bench/run.ts: `await benchStaffOrderSearch()` (prints; returns figures).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { formatOrderReference, newOrderReference } from '@kassa/domain/rules/order-reference';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as s from '../apps/server/src/db/schema.ts';
import { addStaffUser } from '../apps/server/src/modules/staff/staff-accounts.ts';
import { createAudience, createOrganisation, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { adminQuery, percentile } from './admin-query.ts';

const TARGET_P95_MS = 50;
const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Frances',
  'Niklaus',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Allen',
  'Wirth',
];

export interface SearchFigure {
  name: string;
  p50: number;
  p95: number;
  rows: number;
}

/** Runs the benchmark and prints its figures; undefined when no PostgreSQL is configured. */
export async function benchStaffOrderSearch(
  orderCount = Number(process.env.BENCH_SEARCH_ORDERS ?? 100_000),
  runs = 60,
): Promise<SearchFigure[] | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('staff order search: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
    return undefined;
  }
  const name = `kassa_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'pg', url: url.toString(), maxConnections: 4 });
  try {
    await database.migrate();
    const { db } = database;
    const organisation = await createOrganisation(db);
    const products = await Promise.all(
      [1, 2, 3].map((n) => createProduct(db, organisation.id, { title: { en: `Product ${n}` } })),
    );
    const audience = await createAudience(db, { productId: products[0]!.id });
    // A year of days, four slots a day, for each product.
    const plotRows = products.flatMap((product) =>
      Array.from({ length: 365 * 4 }, (_, n) => ({
        productId: product.id,
        date: new Date(Date.UTC(2026, 0, 1 + Math.floor(n / 4))).toISOString().slice(0, 10),
        startTime: ['10:00', '12:00', '14:00', '16:00'][n % 4]!,
        capacity: 500,
      })),
    );
    const plots = await db
      .insert(s.plots)
      .values(plotRows)
      .returning({ id: s.plots.id, productId: s.plots.productId });
    const started = performance.now();
    const references: string[] = [];
    const drawn = new Set<string>();
    const BATCH = 2000;
    for (let first = 0; first < orderCount; first += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, orderCount - first) }, (_, k) => {
        const n = first + k;
        const firstName = FIRST[n % FIRST.length]!;
        const lastName = `${LAST[Math.floor(n / FIRST.length) % LAST.length]}${n % 997}`;
        // References are random, so 100,000 of them meet a duplicate in about two runs of five;
        // the server draws again on a clash, and so does the bench.
        let reference = newOrderReference(randomBytes);
        while (drawn.has(reference)) reference = newOrderReference(randomBytes);
        drawn.add(reference);
        references.push(reference);
        return {
          organisationId: organisation.id,
          hash: randomBytes(16).toString('hex'),
          reference,
          kind: 'PRODUCT' as const,
          status: (n % 10 === 0 ? 'EXPIRED' : 'PAID') as s.OrderStatus,
          customer: {
            first_name: firstName,
            last_name: lastName,
            email: `${firstName}.${lastName}.${n}@example${n % 50}.test`.toLowerCase(),
            fields: {},
          },
          totalCents: 1500 + (n % 7) * 500,
          createdAt: new Date(Date.UTC(2025, 11, 1) + n * 300_000),
        };
      });
      const inserted = await db.insert(s.orders).values(rows).returning({ id: s.orders.id });
      await db.insert(s.orderLines).values(
        inserted.map((order, k) => {
          const plot = plots[(first + k) % plots.length]!;
          return {
            orderId: order.id,
            kind: 'PRODUCT' as const,
            productId: plot.productId,
            plotId: plot.id,
            audienceId: audience.id,
            quantity: 2,
            unitPriceCents: 750,
            totalCents: 1500,
          };
        }),
      );
    }
    await db.execute(sql`ANALYZE`);
    const loadSeconds = (performance.now() - started) / 1000;

    await addStaffUser(db, {
      organisationId: organisation.id,
      email: 'desk@example.test',
      name: 'Desk',
      password: 'bench-password',
      role: 'box-office',
    });
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: 'memory://' });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'desk@example.test', password: 'bench-password' },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const pick = <T>(list: readonly T[], n: number) => list[(n * 7919) % list.length]!;
      const cases: { name: string; url: (n: number) => string }[] = [
        // The floor: the same staff token check and shop context, no search.
        { name: 'GET /api/staff/me (floor)', url: () => '/api/staff/me' },
        {
          name: 'order number as printed',
          url: (n) => `/api/staff/orders?q=${encodeURIComponent(formatOrderReference(pick(references, n)))}`,
        },
        {
          name: 'e-mail prefix',
          url: (n) =>
            `/api/staff/orders?q=${encodeURIComponent(`${pick(FIRST, n).toLowerCase()}.${pick(LAST, n + 3).toLowerCase()}`)}`,
        },
        { name: 'last name', url: (n) => `/api/staff/orders?q=${pick(LAST, n)}${n % 997}` },
        {
          name: 'full name',
          url: (n) => `/api/staff/orders?q=${encodeURIComponent(`${pick(FIRST, n)} ${pick(LAST, n + 1)}`)}`,
        },
        {
          name: 'visit day',
          url: (n) =>
            `/api/staff/orders?visit=${new Date(Date.UTC(2026, 0, 1 + (n % 365))).toISOString().slice(0, 10)}`,
        },
        {
          name: 'visit day + status, page 2',
          url: (n) =>
            `/api/staff/orders?visit=${new Date(Date.UTC(2026, 0, 1 + (n % 365))).toISOString().slice(0, 10)}&status=PAID&page=2`,
        },
        {
          name: 'bought from–to',
          url: (n) => `/api/staff/orders?from=2026-0${1 + (n % 9)}-01&to=2026-0${1 + (n % 9)}-14`,
        },
        { name: 'no filter (newest)', url: () => '/api/staff/orders' },
      ];
      const figures: SearchFigure[] = [];
      for (const search of cases) {
        for (let n = 0; n < 5; n += 1) await app.inject({ method: 'GET', url: search.url(n), headers });
        const times: number[] = [];
        let rows = 0;
        for (let n = 0; n < runs; n += 1) {
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url: search.url(n), headers });
          times.push(performance.now() - t0);
          if (response.statusCode !== 200)
            throw new Error(`${search.name}: ${response.statusCode} ${response.body}`);
          rows += response.json<{ orders?: unknown[] }>().orders?.length ?? 0;
        }
        times.sort((a, b) => a - b);
        figures.push({
          name: search.name,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          rows: rows / runs,
        });
      }
      console.log(
        `staff order search (${orderCount.toLocaleString('en')} orders loaded in ${loadSeconds.toFixed(0)} s, ${runs} searches each, through the route, native PostgreSQL)`,
      );
      for (const figure of figures) {
        const verdict = figure.p95 <= TARGET_P95_MS ? 'ok' : `OVER the ${TARGET_P95_MS} ms target`;
        console.log(
          `  ${figure.name.padEnd(28)} p50 ${figure.p50.toFixed(1).padStart(6)} ms  p95 ${figure.p95.toFixed(1).padStart(6)} ms  (${figure.rows.toFixed(1)} rows) ${verdict}`,
        );
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    // BENCH_SEARCH_KEEP=1 leaves the database for EXPLAIN (its name is printed).
    if (process.env.BENCH_SEARCH_KEEP === '1') console.log(`  kept database ${name}`);
    else await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchStaffOrderSearch();
}
