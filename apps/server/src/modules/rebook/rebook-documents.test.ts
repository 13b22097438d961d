/**
 * A rebooking keeps the books exact (decision 0249): the new order's
 * invoice carries its whole booking with the old order's credit as a
 * payment, and the old order's invoice gets a credit note for what that
 * credit paid, so the shop's invoices less its credit notes equal the money
 * received less the money refunded, at a dearer and at a cheaper slot.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  orderById,
  orderByHash,
  paidOrder,
  pay,
  postOrder,
  rebookingShop,
  SHOP_SECRET,
  slotProduct,
  START,
  validate,
  type SlotProduct,
} from './rebook-fixtures.ts';

let test: TestApp;
let organisation: typeof s.organisations.$inferSelect;
let shop: SlotProduct;
let ip = 0;

beforeAll(async () => {
  test = await createTestApp({}, { now: () => START });
  organisation = await rebookingShop(test.db);
}, 120_000);
afterAll(() => test?.close());
beforeEach(async () => {
  shop = await slotProduct(test.db, organisation.id);
});

async function rebookOnto(oldId: number, plotId: number) {
  const { reference } = await orderById(test.db, oldId);
  const validated = await validate(
    test.app,
    { order: { id: reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
    `203.0.113.${++ip}`,
  );
  expect(validated.statusCode, validated.body).toBe(200);
  const data = validated.json().response as { hash: string; secret: string };
  const response = await postOrder(test.app, {
    orders: [
      {
        product: { id: shop.product.id, plot: plotId, quantity: 2 },
        rebook: data.hash,
        rebook_secret: data.secret,
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json().response.orders[0];
  if (answer.payment?.transaction) await pay(test.app, answer.payment.hash);
  return orderByHash(test.db, answer.order.hash);
}

/** The two orders' books: invoiced less credited, and paid less refunded. */
async function books(orderIds: number[]) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const invoices = await test.db.select().from(s.invoices).where(inArray(s.invoices.orderId, orderIds));
  const notes = await test.db.select().from(s.creditNotes).where(inArray(s.creditNotes.orderId, orderIds));
  const payments = await test.db.select().from(s.payments).where(inArray(s.payments.orderId, orderIds));
  const refunds = await test.db.select().from(s.refunds).where(inArray(s.refunds.orderId, orderIds));
  return {
    invoices,
    notes,
    invoicedLessCredited:
      sum(invoices.map((row) => row.grossCents)) - sum(notes.map((row) => row.grossCents)),
    receivedLessRefunded:
      sum(payments.filter((row) => row.status === 'PAID').map((row) => row.amountCents)) -
      sum(refunds.map((row) => row.amountCents)),
  };
}

describe('a rebooking’s invoices and credit notes', () => {
  it('at a dearer slot: the old invoice is credited with the credit, the new one invoiced in full', async () => {
    const old = await paidOrder(test.app, test.db, shop.product.id, shop.plot.id, 2);
    const moved = await rebookOnto(old.id, shop.dearer.id);
    expect((await orderById(test.db, old.id)).status).toBe('REBOOKED');
    expect(moved.status).toBe('PAID');
    expect(moved.totalCents).toBe(1250);

    const { invoices, notes, invoicedLessCredited, receivedLessRefunded } = await books([old.id, moved.id]);
    const newInvoice = invoices.find((row) => row.orderId === moved.id)!;
    expect(newInvoice.grossCents).toBe(3250);
    expect(newInvoice.rebookCreditCents).toBe(2000);
    // The whole credit (the two tickets, 20.00) is taken back from the old invoice, its fee stays.
    expect(notes).toHaveLength(1);
    expect(notes[0]!.orderId).toBe(old.id);
    expect(notes[0]!.grossCents).toBe(2000);
    expect(notes[0]!.totals.map((total) => total.rateBp)).toEqual([900]);
    expect(receivedLessRefunded).toBe(2095 + 1250);
    expect(invoicedLessCredited).toBe(receivedLessRefunded);
  });

  it('at a cheaper slot: only what the new booking took of the credit is credited; the rest stays invoiced as kept', async () => {
    const old = await paidOrder(test.app, test.db, shop.product.id, shop.plot.id, 2);
    const moved = await rebookOnto(old.id, shop.cheaper.id);
    expect(moved.totalCents).toBe(0);

    const { invoices, notes, invoicedLessCredited, receivedLessRefunded } = await books([old.id, moved.id]);
    const newInvoice = invoices.find((row) => row.orderId === moved.id)!;
    // 10.00 of tickets and the 2.50 fee, all paid by the credit.
    expect(newInvoice.grossCents).toBe(1250);
    expect(newInvoice.rebookCreditCents).toBe(1250);
    expect(notes.map((note) => note.grossCents)).toEqual([1250]);
    expect(receivedLessRefunded).toBe(2095);
    expect(invoicedLessCredited).toBe(receivedLessRefunded);
  });

  it('the credit note is in the old order’s documents', async () => {
    const old = await paidOrder(test.app, test.db, shop.product.id, shop.plot.id, 2);
    await rebookOnto(old.id, shop.same.id);
    const [note] = await test.db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, old.id));
    const status = (await test.app.inject({ url: `/api/orders/${old.hash}/status` })).json().response;
    expect(status.creditNotes.map((entry: { number: string }) => entry.number)).toEqual([note!.number]);
    const pdf = await test.app.inject({ url: `/api/orders/${old.hash}/credit-notes/${note!.number}.pdf` });
    expect(pdf.statusCode).toBe(200);
  });
});
