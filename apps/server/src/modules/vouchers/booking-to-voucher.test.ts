import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  book,
  customer,
  orderByHash,
  orderById,
  paidOrder,
  rebookingShop,
  seatsTaken,
  slotProduct,
  START,
  type SlotProduct,
} from '../rebook/rebook-fixtures.ts';

describe('turning a paid booking into a voucher (POST /api/vouchers with rebook)', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let show: SlotProduct;
  let voucherId: number;
  let valueId: number;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => START });
    ({ app, db } = test);
    const organisation = await rebookingShop(db);
    show = await slotProduct(db, organisation.id);
    const voucher = await createVoucher(db, organisation.id, { validityDays: null });
    voucherId = voucher.id;
    valueId = (await createVoucherValue(db, voucherId, { priceCents: 2500, creditCents: 2500 })).id;
  });
  afterAll(() => test.close());

  const secretOf = async (orderId: number) =>
    (await db.select().from(s.rebookingSecrets).where(eq(s.rebookingSecrets.orderId, orderId)))[0]!.secret;
  const convert = (hash: string, secret: string) =>
    app.inject({
      method: 'POST',
      url: '/api/vouchers',
      payload: {
        customer,
        voucher: { id: voucherId },
        values: [{ id: valueId, quantity: 1 }],
        rebook: hash,
        rebook_secret: secret,
      },
    });

  it('frees exactly the booked seats, invalidates the booking and issues one code worth what was paid, paid at once', async () => {
    const other = await book(app, show.product.id, show.plot.id, 1);
    const old = await paidOrder(app, db, show.product.id, show.plot.id, 3);
    expect(await seatsTaken(db, show.plot.id, START)).toBe(4);
    const response = await convert(old.hash, await secretOf(old.id));
    expect(response.statusCode).toBe(200);
    const answer = response.json().response;
    expect(answer).toMatchObject({ order: { status: 'PAID' }, payment: { transaction: false } });
    expect(answer.priceInfo).toMatchObject({ productPrice: 30, credit: 30, total: 0 });
    // The other order's seat stays taken; the booking's three are free.
    expect(await seatsTaken(db, show.plot.id, START)).toBe(1);
    expect((await orderById(db, old.id)).status).toBe('REBOOKED');
    const created = await orderByHash(db, answer.order.hash);
    expect(created).toMatchObject({ kind: 'VOUCHER', rebookOfOrderId: old.id, totalCents: 0 });
    const codes = await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.orderId, created.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ initialCents: 3000, balanceCents: 3000, expiresAt: null });
    expect(other.order.status).toBe('PENDING');
  });

  it('converts a booking once: the used link is refused, and a wrong secret writes nothing', async () => {
    const old = await paidOrder(app, db, show.product.id, show.same.id, 2);
    const secret = await secretOf(old.id);
    const wrong = await convert(old.hash, `${secret}x`);
    expect(wrong.json().error.code).toBe('REBOOK_SECRET_INVALID');
    expect(await seatsTaken(db, show.same.id, START)).toBe(2);
    expect((await convert(old.hash, secret)).statusCode).toBe(200);
    const again = await convert(old.hash, secret);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    const issued = await db
      .select()
      .from(s.issuedVouchers)
      .innerJoin(s.orders, eq(s.orders.id, s.issuedVouchers.orderId))
      .where(eq(s.orders.rebookOfOrderId, old.id));
    expect(issued).toHaveLength(1);
  });
});
