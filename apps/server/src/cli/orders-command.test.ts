import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq, sql, type SQL } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { ExportOrder } from '../modules/orders-export/export-order.ts';
import { exportOrders } from '../modules/orders-export/load-export-orders.ts';
import { DEMO_VOUCHER_CODE } from '../seed/demo-constants.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { runShop } from './run-shop.ts';

/** What the storefront sent with the coupon order (decision 0194). */
const ENRICHMENT = {
  utm_source: 'newsletter',
  utm_campaign: 'spring',
  referrer: 'https://blog.example/post',
  landing_page: '/?utm_source=newsletter&utm_campaign=spring',
};

/** The shop's day the test puts its orders on (Europe/Amsterdam, CEST: UTC+2). */
const DAY = '2026-06-15';

/** Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF records) the simple way, independently of the writer. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

/** CSV records as objects by header name. */
function csvRecords(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = readCsv(text.slice(1));
  return rows.map((row) => {
    expect(row).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((name, index) => [name, row[index]!]));
  });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('npm run shop -- orders', () => {
  let test: TestApp;
  let db: Db;
  let folder: string;
  let fieldIds: Record<string, number>;

  /** Runs `shop …` against the test database; answers exit code and output. */
  async function shop(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      argv,
      {
        organisationSlug: 'demo',
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readSecret: async () => '',
        now: () => new Date(),
      },
      async () => ({ db, close: async () => {} }),
    );
    return { code, out: out.map((line) => `${line}\n`).join(''), err: err.join('\n') };
  }

  /** Rows of a raw query; both drivers answer `{ rows }`. */
  async function rows<Row>(query: SQL): Promise<Row[]> {
    return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  async function productId(slug: string) {
    const [row] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, slug));
    return row!.id;
  }

  async function upsellId(title: string) {
    const [row] = await db
      .select({ id: s.upsells.id })
      .from(s.upsells)
      .where(sql`${s.upsells.title}->>'en' = ${title}`);
    return row!.id;
  }

  /** A plot of the product well ahead, with no seats sold yet (index picks another one each time). */
  async function freePlot(product: number, index: number) {
    const found = await rows<{ id: number }>(sql`
      SELECT p.id FROM plots p
      WHERE p.product_id = ${product} AND p.selectable AND p.date > current_date + 10
        AND NOT EXISTS (SELECT 1 FROM capacity_holds h WHERE h.plot_id = p.id)
      ORDER BY p.date, p.start_time OFFSET ${index} LIMIT 1`);
    return Number(found[0]!.id);
  }

  function customer(email: string, extra: Record<string, string | boolean> = {}) {
    return {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      fields: { [fieldIds.emailConfirm!]: email, ...extra },
    };
  }

  async function place(payload: Record<string, unknown>) {
    const response = await test.app.inject({ method: 'POST', url: '/api/orders', payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().response.orders[0] as {
      order: { hash: string; status: string };
      payment: { hash: string } | null;
    };
  }

  async function pressTestPage(paymentHash: string, action: 'pay' | 'fail') {
    const pressed = await test.app.inject({
      method: 'POST',
      url: `/pay/test/${paymentHash}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
    expect(pressed.statusCode).toBe(303);
  }

  async function referenceOf(hash: string) {
    const [row] = await db
      .select({ reference: s.orders.reference })
      .from(s.orders)
      .where(eq(s.orders.hash, hash));
    return row!.reference;
  }

  let couponOrderReference: string;

  beforeAll(async () => {
    test = await createTestApp();
    db = test.db;
    await seedIfEmpty(db);
    // A fresh clone has no .tmp yet: make the scratch root before the folder in it.
    const scratch = path.resolve(process.env.TMPDIR ?? '.tmp');
    mkdirSync(scratch, { recursive: true });
    folder = mkdtempSync(path.join(scratch, 'orders-export-'));
    const fieldRows = await db.select({ id: s.fields.id, name: s.fields.name }).from(s.fields);
    const byName = (en: string) => fieldRows.find((row) => row.name.en === en)!.id;
    fieldIds = {
      emailConfirm: byName('Repeat your e-mail address'),
      phone: byName('Phone number'),
      teamName: byName('Team name'),
      safetyRules: fieldRows.find((row) => row.name.en?.toLowerCase().includes('safety'))!.id,
    };

    // One order with a coupon, an upsell, a donation and a gift voucher's credit, paid on the test page.
    const light = await productId('light-and-colour');
    const audioGuide = await upsellId('Audio guide');
    const donation = (
      await db.select({ id: s.upsells.id }).from(s.upsells).where(eq(s.upsells.upsellType, 'DONATION'))
    )[0]!.id;
    const couponOrder = await place({
      customer: {
        ...customer('ada@example.test', { [fieldIds.phone!]: '+31 20 123 4567' }),
        company: '=HYPERLINK("http://evil.example","x")',
      },
      coupon: ['welcome10', DEMO_VOUCHER_CODE],
      orders: [
        {
          product: { id: light, plot: await freePlot(light, 0), quantity: 2 },
          upsells: {
            [audioGuide]: { id: audioGuide, quantity: 1 },
            [donation]: { id: donation, quantity: 1, price: 5 },
          },
          enrichment: ENRICHMENT,
        },
      ],
    });
    expect(couponOrder.payment).not.toBeNull();
    await pressTestPage(couponOrder.payment!.hash, 'pay');
    couponOrderReference = await referenceOf(couponOrder.order.hash);

    // An order whose payment failed (still PENDING) and a reservation, so the day holds
    // several statuses; and two unpaid orders that go just before and just after the day.
    const flex = await productId('flex-ticket');
    await place({
      customer: customer('before@example.test'),
      orders: [{ product: { id: flex, quantity: 1 } }],
    });
    const failed = await place({
      customer: customer('failed@example.test'),
      orders: [{ product: { id: flex, quantity: 3 } }],
    });
    await pressTestPage(failed.payment!.hash, 'fail');
    const escape = await productId('escape-room');
    await place({
      action: 'reserve',
      customer: customer('team@example.test', {
        [fieldIds.teamName!]: 'Team, "Quotes"\nand lines',
        [fieldIds.safetyRules!]: true,
      }),
      orders: [{ product: { id: escape, plot: await freePlot(escape, 0), quantity: 4 } }],
    });
    await place({
      customer: customer('after@example.test'),
      orders: [{ product: { id: flex, quantity: 1 } }],
    });

    // Every order onto the test's day (the seed's and the API's were made "now"), in the
    // shop's time from 00:01 CEST on; then one just before and one just after that day.
    await db.execute(sql`
      UPDATE orders SET created_at = timestamptz '2026-06-14 22:00:00+00' + (id * interval '1 minute')`);
    await db.execute(sql`
      UPDATE orders SET created_at = timestamptz '2026-06-14 21:59:59+00'
      WHERE customer->>'email' = 'before@example.test'`);
    await db.execute(sql`
      UPDATE orders SET created_at = timestamptz '2026-06-15 22:00:00+00'
      WHERE customer->>'email' = 'after@example.test'`);
  });
  afterAll(() => test.close());

  it('The orders export of a seeded day matches the orders table', async () => {
    // What the database holds for the day, asked independently of the exporter: the shop's
    // calendar day of created_at, every line counted by kind.
    const expected = (
      await rows<{
        reference: string;
        status: string;
        total_cents: number;
        bought: number;
        csv_rows: number;
      }>(sql`
        SELECT o.reference, o.status, o.total_cents,
          (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id
             AND l.kind IN ('PRODUCT', 'UPSELL', 'SUBSCRIPTION', 'VOUCHER_VALUE'))::int AS bought,
          greatest(1, (SELECT count(*) FILTER (WHERE l.kind <> 'DISCOUNT' OR l.issued_voucher_id IS NOT NULL)
                            + CASE WHEN count(*) FILTER (WHERE l.kind = 'DISCOUNT' AND l.issued_voucher_id IS NULL) > 0
                                   THEN 1 ELSE 0 END
                       FROM order_lines l WHERE l.order_id = o.id)
                      + CASE WHEN o.rebook_credit_cents > 0 THEN 1 ELSE 0 END)::int AS csv_rows
        FROM orders o JOIN organisations g ON g.id = o.organisation_id
        WHERE (o.created_at AT TIME ZONE g.time_zone)::date = ${DAY}::date
        ORDER BY o.created_at, o.id`)
    ).map((row) => ({
      ...row,
      total_cents: Number(row.total_cents),
      bought: Number(row.bought),
      csv_rows: Number(row.csv_rows),
    }));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(new Set(expected.map((row) => row.status))).toEqual(new Set(['PAID', 'PENDING', 'RESERVED']));
    expect(expected.map((row) => row.reference)).toContain('48210937563');

    const json = await shop(['orders', '--from', DAY, '--to', DAY, '--format', 'json']);
    expect(json).toMatchObject({ code: 0, err: '' });
    const exported = JSON.parse(json.out) as ExportOrder[];
    expect(
      exported.map((order) => ({
        reference: order.reference,
        status: order.status,
        total_cents: cents(order.totals.total),
        bought: order.lines.length,
      })),
    ).toEqual(expected.map(({ csv_rows: _rows, ...row }) => row));
    for (const order of exported) expect(order.created_at.slice(0, 10)).toBe(DAY);

    const file = path.join(folder, 'day.csv');
    const csv = await shop(['orders', '--from', DAY, '--output', file]);
    expect(csv).toMatchObject({
      code: 0,
      out: `${expected.length} orders (${DAY} – ${DAY}) written to ${file}.\n`,
    });
    expect(readdirSync(folder)).toEqual(['day.csv']);
    const records = csvRecords(readFileSync(file, 'utf8'));
    const perOrder = new Map<string, Record<string, string>[]>();
    for (const record of records)
      perOrder.set(record.order_reference!, [...(perOrder.get(record.order_reference!) ?? []), record]);
    expect([...perOrder.keys()]).toEqual(expected.map((row) => formatOrderReference(row.reference)));
    for (const row of expected) {
      const rows = perOrder.get(formatOrderReference(row.reference))!;
      expect(rows).toHaveLength(row.csv_rows);
      for (const record of rows) {
        expect(record.status).toBe(row.status);
        expect(cents(record.order_total!)).toBe(row.total_cents);
      }
    }

    // The same day through stdout as CSV is byte for byte the file.
    expect((await shop(['orders', '--from', DAY])).out).toBe(readFileSync(file, 'utf8'));
  });

  it('takes days from the shop’s calendar and filters by status', async () => {
    const before = await shop(['orders', '--from', '2026-06-14', '--format', 'json']);
    expect(
      (JSON.parse(before.out) as ExportOrder[]).map((order) => [order.status, order.created_at]),
    ).toEqual([['PENDING', '2026-06-14T23:59:59+02:00']]);
    const after = await shop(['orders', '--from', '2026-06-16', '--to', '2026-06-30', '--format', 'json']);
    expect((JSON.parse(after.out) as ExportOrder[]).map((order) => order.created_at)).toEqual([
      '2026-06-16T00:00:00+02:00',
    ]);
    const reserved = await shop([
      'orders',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-30',
      '--format',
      'json',
      '--status',
      'reserved,REFUND_REQUIRED',
    ]);
    expect((JSON.parse(reserved.out) as ExportOrder[]).map((order) => order.status)).toEqual(['RESERVED']);
    const none = await shop(['orders', '--from', '2020-01-01', '--format', 'json']);
    expect(none).toMatchObject({ code: 0, out: '[]\n' });
  });

  it('shows an order with a coupon, an upsell, a donation and a voucher credit with each of them', async () => {
    const all = JSON.parse((await shop(['orders', '--from', DAY, '--format', 'json'])).out) as ExportOrder[];
    const order = all.find((candidate) => candidate.reference === couponOrderReference)!;
    const [row] = await db.select().from(s.orders).where(eq(s.orders.reference, couponOrderReference));
    expect(order).toMatchObject({
      status: 'PAID',
      kind: 'PRODUCT',
      currency: 'EUR',
      customer: {
        first_name: 'Ada',
        email: 'ada@example.test',
        phone: '+31 20 123 4567',
        company: '=HYPERLINK("http://evil.example","x")',
      },
      discounts: {
        coupon_codes: ['WELCOME10'],
        voucher_credits: [{ code: `…${DEMO_VOUCHER_CODE.slice(-4)}`, amount: '32.50' }],
        voucher_credit_amount: '32.50',
      },
      payment: { gateway: 'test', status: 'PAID', transaction_id: null },
      enrichment: ENRICHMENT,
    });
    expect(all.find((candidate) => candidate.reference !== couponOrderReference)?.enrichment).toBeNull();
    expect(cents(order.discounts.coupon_amount)).toBeGreaterThan(0);
    expect(order.paid_at).not.toBeNull();
    expect(order.lines.map((line) => [line.type, line.quantity])).toEqual([
      ['TICKET', 2],
      ['UPSELL', 1],
      ['DONATION', 1],
    ]);
    expect(order.lines[0]).toMatchObject({ item: 'Light & Colour exhibition', audience: null });
    expect(order.lines[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.lines[0]!.start_time).toMatch(/^\d{2}:\d{2}$/);
    expect(order.lines[1]).toMatchObject({ item: 'Audio guide', unit_price: '4.50', total: '4.50' });
    expect(order.lines[2]).toMatchObject({ total: '5.00' });
    expect(order.additions.length).toBeGreaterThan(0);
    // The export's totals are the stored ones, and its parts add up to them.
    expect(order.totals).toMatchObject({
      subtotal: (row!.subtotalCents / 100).toFixed(2),
      discount: (row!.discountCents / 100).toFixed(2),
      additions: (row!.additionsCents / 100).toFixed(2),
      total: (row!.totalCents / 100).toFixed(2),
    });
    const sum = (amounts: string[]) => amounts.reduce((total, amount) => total + cents(amount), 0);
    expect(sum(order.lines.map((line) => line.total))).toBe(row!.subtotalCents);
    expect(cents(order.discounts.coupon_amount) + cents(order.discounts.voucher_credit_amount)).toBe(
      row!.discountCents,
    );
    expect(sum(order.additions.map((addition) => addition.amount))).toBe(row!.additionsCents);

    // In CSV: a row per line, the coupon and the voucher credit negative, and the line totals add up to the order total.
    const csv = csvRecords((await shop(['orders', '--from', DAY])).out);
    const rows = csv.filter(
      (record) => record.order_reference === formatOrderReference(couponOrderReference),
    );
    expect(rows.map((record) => record.line_type)).toEqual([
      'TICKET',
      'UPSELL',
      'DONATION',
      'ADDITION',
      'COUPON',
      'VOUCHER_CREDIT',
    ]);
    expect(rows.find((record) => record.line_type === 'COUPON')).toMatchObject({
      line_item: 'WELCOME10',
      line_total: `-${order.discounts.coupon_amount}`,
    });
    expect(rows.find((record) => record.line_type === 'VOUCHER_CREDIT')!.line_total).toBe('-32.50');
    expect(sum(rows.map((record) => record.line_total!))).toBe(row!.totalCents);
    // Formula injection is defused, the phone's + too; the reference is grouped, as customers see it.
    expect(rows[0]).toMatchObject({
      company: `'=HYPERLINK("http://evil.example","x")`,
      phone: "'+31 20 123 4567",
      payment_status: 'PAID',
      coupon_codes: 'WELCOME10',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      utm_medium: '',
      referrer: 'https://blog.example/post',
      landing_page: '/?utm_source=newsletter&utm_campaign=spring',
      enrichment_other: '',
    });
  });

  it('writes custom field answers with commas, quotes and line breaks so a spreadsheet reads them back', async () => {
    const csv = csvRecords((await shop(['orders', '--from', DAY, '--status', 'RESERVED'])).out);
    expect(csv.map((record) => record.line_type)).toEqual(['TICKET', 'ADDITION']);
    expect(csv[0]).toMatchObject({
      'field: Team name': 'Team, "Quotes"\nand lines',
      line_type: 'TICKET',
      line_quantity: '4',
    });
    const json = JSON.parse(
      (await shop(['orders', '--from', DAY, '--status', 'RESERVED', '--format', 'json'])).out,
    ) as ExportOrder[];
    expect(json[0]!.customer.fields).toMatchObject({ 'Team name': 'Team, "Quotes"\nand lines' });
  });

  it('refuses bad arguments with a message and a non-zero exit, writing nothing', async () => {
    const cases: [string[], string][] = [
      [['--from', '2026-06-30', '--to', '2026-06-01'], '--from 2026-06-30 is after --to 2026-06-01.'],
      [['--from', '2026-02-30'], '--from "2026-02-30" is not a day written as YYYY-MM-DD.'],
      [['--from', '15-06-2026'], '--from "15-06-2026" is not a day written as YYYY-MM-DD.'],
      [['--from', DAY, '--format', 'xml'], '--format must be csv or json, not "xml".'],
      [['--to', DAY], '--from is required: the first day, as YYYY-MM-DD.'],
      [['--from', DAY, '--status', 'SHIPPED'], '--status "SHIPPED" is not an order status'],
      [['--from', DAY, '--colour', 'red'], 'Unknown option --colour.'],
      [['--from', DAY, '--output'], '--output needs a value.'],
    ];
    for (const [args, message] of cases) {
      const file = path.join(folder, 'refused.csv');
      const answer = await shop([
        'orders',
        ...args,
        ...(args.includes('--output') ? [] : ['--output', file]),
      ]);
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.err).toContain(message);
      expect(answer.out).toBe('');
    }
    expect(readdirSync(folder)).not.toContain('refused.csv');
    expect((await shop(['orders', '--help'])).out).toContain("on the shop's own calendar");
    expect((await shop([])).out).toContain('orders  export orders');
  });

  it('pages through a large export without losing or repeating orders, also when orders share an instant', async () => {
    const [organisation] = await db.select().from(s.organisations);
    const filter = { from: '2026-06-14', to: '2026-06-16', statuses: [] };
    const read = async (pageSize: number) => {
      const references: string[] = [];
      for await (const order of exportOrders(db, organisation!, filter, pageSize))
        references.push(order.reference);
      return references;
    };
    const whole = await read(1000);
    expect(whole.length).toBeGreaterThanOrEqual(6);
    expect(await read(1)).toEqual(whole);
    expect(await read(2)).toEqual(whole);
    // The same instant, to the microsecond, for all but the first and last: the keyset's id
    // breaks the ties, and its instant keeps the microseconds a JS Date would drop.
    await db.execute(sql`
      UPDATE orders SET created_at = timestamptz '2026-06-15 10:00:00.123456+00'
      WHERE (created_at AT TIME ZONE 'Europe/Amsterdam')::date = ${DAY}::date`);
    const tied = await read(1000);
    expect([...tied].sort()).toEqual([...whole].sort());
    expect(await read(2)).toEqual(tied);
    expect(await read(3)).toEqual(tied);
  });
});
