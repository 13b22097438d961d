/**
 * `npm run shop -- report vat` (decisions 0240, 0242, 0243) on the demo shop
 * with orders of the month paid through the real routes: the revenue per
 * rate is what the orders' lines come to by the one VAT rule, credit notes
 * are taken off, gift voucher sales are split by purpose, and the gift-card
 * liability grows by the credit sold.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { totalsPerRate } from '@kassa/domain/rules/vat';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { runShop } from '../../cli/run-shop.ts';
import { rateOrderLines } from '../../engine/documents/order-vat.ts';
import { issueCreditNote } from '../../engine/documents/issue-credit-note.ts';
import { pressTestPage } from '../payments/payment-fixtures.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { giftCardLiability, vatReport } from './vat-report.ts';

let t: TestApp;
let organisation: typeof s.organisations.$inferSelect;
let customer: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db);
  [organisation] = (await t.db.select().from(s.organisations)) as [typeof organisation];
  const fields = (await t.app.inject({ url: '/api/organisation' })).json().fields as Record<
    string,
    { id: number; type: string }
  >;
  const confirm = Object.values(fields).find((field) => field.type === 'EMAIL_CONFIRM')!;
  customer = {
    first_name: 'Vera',
    last_name: 'Tax',
    email: 'vera@example.test',
    fields: { [confirm.id]: 'vera@example.test' },
  };
}, 120_000);
afterAll(() => t?.close());

async function pay(url: string, payload: Record<string, unknown>) {
  const placed = await t.app.inject({ method: 'POST', url, payload: { customer, ...payload } });
  if (placed.statusCode !== 200) throw new Error(placed.body);
  const answer = placed.json().response;
  const order = answer.orders?.[0] ?? answer;
  await pressTestPage(t.app, order.payment.hash, 'pay');
  return order.order.hash as string;
}

describe('shop report vat', () => {
  it('matches the orders of the month: revenue per rate, credit notes, voucher sales and liability', async () => {
    const home = (await t.app.inject({ url: '/api/home/products' })).json();
    const flex = home.products.find((item: { slug: string }) => item.slug === 'flex-ticket').id;
    const giftCard = home.vouchers.find((item: { slug: string }) => item.slug === 'gift-card');
    const values = (await t.app.inject({ url: `/api/vouchers/${giftCard.id}` })).json().values;
    const today = calendarDateAt(new Date(), organisation.timeZone);
    const liabilityBefore = await giftCardLiability(t.db, organisation.id, new Date(Date.now() + 1000));

    const hashes = [
      await pay('/api/orders', { orders: [{ product: { id: flex, quantity: 3 } }] }),
      await pay('/api/orders', { orders: [{ product: { id: flex, quantity: 1 } }] }),
      await pay('/api/vouchers', {
        voucher: { id: giftCard.id, quantity: 1 },
        values: [{ id: values[0].id, quantity: 1 }],
      }),
    ];
    const paid = await t.db.select().from(s.orders).where(inArray(s.orders.hash, hashes));
    // One ticket of the first order taken back.
    const first = paid.find((order) => order.hash === hashes[0])!;
    const [ticket] = await t.db.select().from(s.orderLines).where(eq(s.orderLines.orderId, first.id));
    await t.db.transaction((tx) =>
      issueCreditNote(tx, {
        organisationId: organisation.id,
        orderId: first.id,
        refundId: null,
        lines: [{ orderLineId: ticket!.id, quantity: 1, grossCents: ticket!.unitPriceCents }],
        issuedAt: new Date(),
      }),
    );

    const month = { from: `${today.slice(0, 7)}-01`, to: today };
    const report = await vatReport(t.db, organisation, month.from, month.to);
    // The month's orders: these three and the demo's seeded paid orders, invoiced at seed time (decision 0249).
    const invoiced = await t.db
      .select({ id: s.invoices.orderId })
      .from(s.invoices)
      .where(eq(s.invoices.organisationId, organisation.id));
    expect(invoiced.length).toBeGreaterThan(paid.length);
    expect(invoiced.map((row) => row.id)).toEqual(expect.arrayContaining(paid.map((order) => order.id)));
    // What the orders come to, computed again from their lines by the one rule.
    const recomputed = await Promise.all(invoiced.map((order) => rateOrderLines(t.db, order.id, 'en')));
    const expected = totalsPerRate(recomputed.flatMap((rated) => rated!.document.lines));
    expect(report.invoices).toBe(invoiced.length);
    expect(report.revenue).toEqual(expected);
    expect(report.revenue.map((total) => total.rateBp)).toEqual([900, 2100, null]);
    expect(report.creditNotes).toBe(1);
    expect(report.credited).toEqual([
      expect.objectContaining({ rateBp: 900, grossCents: ticket!.unitPriceCents }),
    ]);
    const cardOrder = paid.find((order) => order.kind === 'VOUCHER')!;
    const [cardLine] = await t.db.select().from(s.orderLines).where(eq(s.orderLines.orderId, cardOrder.id));
    expect(report.voucherSales).toEqual([
      { purpose: 'SINGLE', grossCents: 0 },
      { purpose: 'MULTI', grossCents: cardLine!.totalCents },
    ]);
    const [card] = await t.db
      .select()
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.orderId, cardOrder.id));
    expect(report.giftCardLiabilityCents - liabilityBefore).toBe(card!.initialCents);

    // The command prints it and writes the same as CSV, making the folder it is told to write into.
    const out: string[] = [];
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kassa-vat-')), 'reports', 'vat.csv');
    const code = await runShop(
      ['report', 'vat', '--from', month.from, '--to', month.to, '--output', file],
      {
        organisationSlug: organisation.slug,
        out: (line) => out.push(line),
        err: (line) => out.push(line),
        readSecret: async () => '',
        now: () => new Date(),
      },
      async () => ({ db: t.db, close: async () => {} }),
    );
    expect(code, out.join('\n')).toBe(0);
    const csv = readFileSync(file, 'utf8').split('\r\n');
    expect(csv[0]).toBe('section,vat_rate,net,vat,gross');
    const nine = report.revenue[0]!;
    expect(csv).toContain(
      `revenue,9,${(nine.netCents / 100).toFixed(2)},${(nine.vatCents / 100).toFixed(2)},${(nine.grossCents / 100).toFixed(2)}`,
    );
    expect(csv.some((row) => row.startsWith('credit_notes,9,-'))).toBe(true);
    expect(csv).toContain(`voucher_sales_multi_purpose,,,,${(cardLine!.totalCents / 100).toFixed(2)}`);
    expect(out.join('\n')).toContain(`${invoiced.length} invoices, 1 credit notes`);
  });
});
