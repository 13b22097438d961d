/**
 * The manager's dashboard (decisions 0262–0264) on a shop with 100,000
 * invoiced orders and 1,000,000 tickets, on native PostgreSQL: p50/p95 of
 * every dashboard answer through the real route (buildApp + inject: staff
 * token, validation, the queries). Target: p95 ≤ 200 ms each. The rows are
 * written in bulk, so the sales rollup and the slots' ticket counts are
 * built from them afterwards (decision 0271). Reported
 * beside the load average: the machine may be shared.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/staff-reports.ts
 *
 * A throw-away database is created on that server and dropped afterwards.
 * From bench/run.ts: `await benchStaffReports()` (prints; returns figures).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { rebuildPlotTallies } from '../apps/server/src/engine/door/plot-tallies.ts';
import { rebuildSalesRollup } from '../apps/server/src/engine/documents/sales-rollup.ts';
import { addStaffUser } from '../apps/server/src/modules/staff/staff-accounts.ts';
import { createAudience, createOrganisation, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { adminQuery, percentile } from './admin-query.ts';

const TARGET_P95_MS = 200;

export interface ReportFigure {
  name: string;
  p50: number;
  p95: number;
}

/** Runs the benchmark and prints its figures; undefined when no PostgreSQL is configured. */
export async function benchStaffReports(
  orderCount = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000),
  runs = 30,
): Promise<ReportFigure[] | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('staff reports: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
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
    const org = organisation.id;
    const products = await Promise.all(
      [1, 2, 3].map((n) =>
        createProduct(db, org, { title: { en: `Product ${n}` }, hasDays: true, hasTimeslots: true }),
      ),
    );
    for (const product of products) await createAudience(db, { productId: product.id });
    const started = performance.now();
    // A year of days around today, four slots a day, for each product.
    await db.execute(sql`
      INSERT INTO plots (product_id, date, start_time, capacity)
      SELECT p.id, current_date - 300 + d, (ARRAY['10:00','12:00','14:00','16:00'])[s]::time, 500
      FROM products p, generate_series(0, 364) d, generate_series(1, 4) s
      WHERE p.organisation_id = ${org}`);
    // Orders over the last 300 days, ten tickets each, from several channels, some with a coupon.
    await db.execute(sql`
      INSERT INTO orders (organisation_id, hash, reference, kind, status, customer, subtotal_cents,
        discount_cents, total_cents, coupon_codes, enrichment, created_at, paid_at)
      SELECT ${org}, md5('h' || n), lpad(n::text, 11, '0'), 'PRODUCT', 'PAID',
        jsonb_build_object('first_name', 'Ada', 'last_name', 'L' || n, 'email', 'a' || n || '@example.test', 'fields', '{}'::jsonb),
        15000, 0, 15000,
        CASE WHEN n % 9 = 0 THEN ARRAY['WELCOME10'] ELSE '{}'::text[] END,
        CASE n % 4 WHEN 0 THEN NULL WHEN 1 THEN '{"utm_source":"newsletter"}'::jsonb
          WHEN 2 THEN '{"referrer":"https://www.google.com/"}'::jsonb ELSE '{"utm_source":"instagram"}'::jsonb END,
        now() - (n * interval '300 days' / ${orderCount}), now() - (n * interval '300 days' / ${orderCount})
      FROM generate_series(1, ${orderCount}) n`);
    await db.execute(sql`
      INSERT INTO order_lines (order_id, kind, product_id, plot_id, audience_id, quantity, unit_price_cents, total_cents)
      SELECT o.id, 'PRODUCT', pl.product_id, pl.id, a.id, 10, 1500, 15000
      FROM orders o
      JOIN LATERAL (SELECT id, product_id FROM plots
        WHERE date = (o.created_at AT TIME ZONE 'Europe/Amsterdam')::date + (o.id % 20)
        ORDER BY id OFFSET (o.id % 12) LIMIT 1) pl ON true
      JOIN audiences a ON a.product_id = pl.product_id
      WHERE o.organisation_id = ${org}`);
    await db.execute(sql`
      INSERT INTO tickets (order_id, order_line_id, secret)
      SELECT ol.order_id, ol.id, md5(ol.id || '-' || g)
      FROM order_lines ol, generate_series(1, ol.quantity) g`);
    await db.execute(sql`
      INSERT INTO capacity_holds (order_id, plot_id, quantity, status)
      SELECT order_id, plot_id, quantity, 'PAID' FROM order_lines`);
    // Each order invoiced on its shop day, one 9 % line (per-line VAT as the one rule rounds it).
    await db.execute(sql`
      INSERT INTO invoices (organisation_id, order_id, number, year, sequence, issued_at, issue_date, supply_date,
        language, currency, seller, buyer, order_reference, lines, totals, gross_cents, payable_cents)
      SELECT ${org}, o.id, 'B-' || o.id, 2026, o.id, o.created_at, (o.created_at AT TIME ZONE 'Europe/Amsterdam')::date,
        (o.created_at AT TIME ZONE 'Europe/Amsterdam')::date, 'en', 'EUR', '{}'::jsonb, '{}'::jsonb, o.reference,
        jsonb_build_array(jsonb_build_object('orderLineId', ol.id, 'kind', 'CHARGE', 'description', 'Ticket',
          'quantity', 10, 'rateBp', 900, 'grossCents', 15000, 'netCents', 13761, 'vatCents', 1239,
          'paidGrossCents', 15000, 'date', NULL)),
        '[{"rateBp":900,"grossCents":15000,"netCents":13761,"vatCents":1239}]'::jsonb, 15000, 15000
      FROM orders o JOIN order_lines ol ON ol.order_id = o.id`);
    // 2 % of orders: one ticket refunded the next day, with its credit note.
    await db.execute(sql`
      INSERT INTO refunds (organisation_id, order_id, amount_cents, method, status, idempotency_key, actor, lines, created_at, updated_at)
      SELECT ${org}, o.id, 1500, 'original', 'succeeded', 'k' || o.id, 'bench',
        jsonb_build_array(jsonb_build_object('orderLineId', ol.id, 'quantity', 1, 'amountCents', 1500, 'ticketIds', '[]'::jsonb)),
        o.created_at + interval '1 day', o.created_at + interval '1 day'
      FROM orders o JOIN order_lines ol ON ol.order_id = o.id WHERE o.id % 50 = 0`);
    await db.execute(sql`
      INSERT INTO credit_notes (organisation_id, invoice_id, order_id, refund_id, number, year, sequence, issued_at,
        issue_date, lines, totals, gross_cents)
      SELECT ${org}, i.id, r.order_id, r.id, 'CN-' || r.id, 2026, r.id, r.created_at,
        (r.created_at AT TIME ZONE 'Europe/Amsterdam')::date,
        jsonb_build_array(jsonb_build_object('orderLineId', (r.lines->0->>'orderLineId')::int, 'kind', 'CHARGE',
          'description', 'Ticket', 'quantity', 1, 'rateBp', 900, 'grossCents', 1500, 'netCents', 1376, 'vatCents', 124,
          'paidGrossCents', 1500, 'date', NULL)),
        '[{"rateBp":900,"grossCents":1500,"netCents":1376,"vatCents":124}]'::jsonb, 1500
      FROM refunds r JOIN invoices i ON i.order_id = r.order_id`);
    // Nine in ten tickets of past slots let in.
    await db.execute(sql`
      INSERT INTO admissions (organisation_id, ticket_id, day)
      SELECT ${org}, t.id, p.date
      FROM tickets t JOIN order_lines ol ON ol.id = t.order_line_id JOIN plots p ON p.id = ol.plot_id
      WHERE p.date < current_date AND hashtext(t.secret) % 10 <> 0`);
    await db.execute(sql`
      INSERT INTO issued_vouchers (organisation_id, code, initial_cents, balance_cents, expires_at, created_at)
      SELECT ${org}, 'GIFT' || n, 5000, 5000 - (n % 5) * 1000, now() + (n % 400) * interval '1 day', now() - interval '30 days'
      FROM generate_series(1, 5000) n`);
    // The rows above bypass the document engine and the door, so the dashboard's sums and the
    // slots' counts of tickets and of tickets let in are built from them in bulk (decision 0271), as part of the load.
    const rollupStarted = performance.now();
    await rebuildSalesRollup(db, org);
    await rebuildPlotTallies(db, org);
    const rollupSeconds = (performance.now() - rollupStarted) / 1000;
    await db.execute(sql`ANALYZE`);
    const loadSeconds = (performance.now() - started) / 1000;

    await addStaffUser(db, {
      organisationId: org,
      email: 'boss@example.test',
      name: 'Boss',
      password: 'bench-password',
      role: 'manager',
    });
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: 'memory://' });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'boss@example.test', password: 'bench-password' },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const period = (days: number) => `from=${day(-days)}&to=${day(0)}`;
      const cases: { name: string; url: string }[] = [
        { name: 'GET /api/staff/me (floor)', url: '/api/staff/me' },
        { name: 'sales 30 days by day', url: `/api/staff/reports/sales?${period(30)}&by=day` },
        { name: 'sales 90 days by day', url: `/api/staff/reports/sales?${period(90)}&by=day` },
        { name: 'sales 90 days by week', url: `/api/staff/reports/sales?${period(90)}&by=week` },
        { name: 'sales 90 days by product', url: `/api/staff/reports/sales?${period(90)}&by=product` },
        { name: 'sales 90 days by audience', url: `/api/staff/reports/sales?${period(90)}&by=audience` },
        { name: 'sales 90 days by channel', url: `/api/staff/reports/sales?${period(90)}&by=channel` },
        { name: 'sales 90 days by coupon', url: `/api/staff/reports/sales?${period(90)}&by=coupon` },
        { name: 'sales 365 days by month', url: `/api/staff/reports/sales?${period(364)}&by=month` },
        { name: 'today per slot', url: '/api/staff/reports/today' },
        {
          name: 'occupancy 14 days (heat map)',
          url: `/api/staff/reports/occupancy?from=${day(0)}&to=${day(13)}`,
        },
        { name: 'no-shows 30 days', url: `/api/staff/reports/no-shows?${period(30)}` },
        { name: 'refunds 90 days', url: `/api/staff/reports/refunds?${period(90)}` },
        { name: 'gift cards', url: '/api/staff/reports/gift-cards' },
      ];
      const figures: ReportFigure[] = [];
      for (const report of cases) {
        for (let n = 0; n < 3; n += 1) await app.inject({ method: 'GET', url: report.url, headers });
        const times: number[] = [];
        for (let n = 0; n < runs; n += 1) {
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url: report.url, headers });
          times.push(performance.now() - t0);
          if (response.statusCode !== 200)
            throw new Error(`${report.name}: ${response.statusCode} ${response.body}`);
        }
        times.sort((a, b) => a - b);
        figures.push({ name: report.name, p50: percentile(times, 50), p95: percentile(times, 95) });
      }
      const [counts] = (
        (await db.execute(
          sql`SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM tickets) AS tickets`,
        )) as unknown as {
          rows: { orders: string; tickets: string }[];
        }
      ).rows;
      console.log(
        `staff reports (${Number(counts!.orders).toLocaleString('en')} invoiced orders, ${Number(counts!.tickets).toLocaleString('en')} tickets, loaded in ${loadSeconds.toFixed(0)} s, of which the rollup and slot counts ${rollupSeconds.toFixed(1)} s; ${runs} answers each through the route, native PostgreSQL; load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')})`,
      );
      for (const figure of figures) {
        const verdict = figure.p95 <= TARGET_P95_MS ? 'ok' : `OVER the ${TARGET_P95_MS} ms target`;
        console.log(
          `  ${figure.name.padEnd(30)} p50 ${figure.p50.toFixed(1).padStart(6)} ms  p95 ${figure.p95.toFixed(1).padStart(6)} ms  ${verdict}`,
        );
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (process.env.BENCH_REPORTS_KEEP === '1') console.log(`  kept database ${name}`);
    else await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchStaffReports();
}
