import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createCoupon, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage } from '../payments/payment-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');

describe('POST /api/orders/{hash}/cancel: an order given up on the way to its payment', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let clock = START;
  let organisationId: number;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { holdMinutes: 15 })).id;
  });
  afterAll(() => test.close());
  beforeEach(() => {
    clock = START;
  });

  /** Seats left on the plot, as the storefront's calendar asks for them. */
  async function seatsLeft(productId: number, plotId: number): Promise<number | null> {
    const response = await app.inject(`/api/products/${productId}/plots`);
    const plots = response.json() as { id: number; availability: { amount: number | null } }[];
    return plots.find((plot) => plot.id === plotId)?.availability.amount ?? null;
  }
  const cancel = (hash: string) => app.inject({ method: 'POST', url: `/api/orders/${hash}/cancel` });
  const orderRow = async (hash: string) =>
    (await db.select().from(s.orders).where(eq(s.orders.hash, hash)))[0]!;

  it('answers when the hold ends with the order placed', async () => {
    const show = await datedShow(db, organisationId, 5);
    const placed = await orderShow(app, show, 1);
    expect(placed.order).toMatchObject({
      status: 'PENDING',
      hold_expires_at: new Date(START.getTime() + 15 * 60_000).toISOString(),
    });
  });

  it('gives the seats back at once, and is idempotent', async () => {
    const show = await datedShow(db, organisationId, 5);
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(5);
    const placed = await orderShow(app, show, 3);
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(2);

    const first = await cancel(placed.order.hash);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, response: { status: 'EXPIRED' } });
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(5);
    // Ended now, as the sweeper ends a lapsed hold: every later path (a late payment, the return page) knows it.
    expect(await orderRow(placed.order.hash)).toMatchObject({ status: 'EXPIRED', expiresAt: START });
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, placed.payment!.hash));
    expect(payment!.status).toBe('CANCELLED');

    const again = await cancel(placed.order.hash);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, response: { status: 'EXPIRED' } });
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(5);
  });

  it('gives back the coupon use the order spent', async () => {
    const show = await datedShow(db, organisationId, 5);
    const coupon = await createCoupon(db, organisationId, { maxUses: 1 });
    const placed = await orderShow(app, show, 1, 0, { coupon: [coupon.code] });
    const used = async () => (await db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id)))[0]!.uses;
    expect(await used()).toBe(1);
    await cancel(placed.order.hash);
    expect(await used()).toBe(0);
  });

  it('refuses a paid order with ORDER_ALREADY_PAID and writes nothing', async () => {
    const show = await datedShow(db, organisationId, 5);
    const placed = await orderShow(app, show, 2);
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const before = await orderRow(placed.order.hash);
    const holdsBefore = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, before.id));

    const refused = await cancel(placed.order.hash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    expect(await orderRow(placed.order.hash)).toEqual(before);
    expect(await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, before.id))).toEqual(
      holdsBefore,
    );
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(3);
  });

  it('answers ORDER_NOT_FOUND for an unknown hash', async () => {
    const response = await cancel('no-such-order-hash');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
  });

  it('a payment that still arrives takes the late-payment path: booked again while the seats are free', async () => {
    const show = await datedShow(db, organisationId, 3);
    const placed = await orderShow(app, show, 2);
    await cancel(placed.order.hash);
    await pressTestPage(app, placed.payment!.hash, 'pay');
    expect((await orderRow(placed.order.hash)).status).toBe('PAID');
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(1);
  });

  it('a payment that arrives after others took the seats needs a refund, never an oversale', async () => {
    const show = await datedShow(db, organisationId, 3);
    const placed = await orderShow(app, show, 3);
    await cancel(placed.order.hash);
    const other = await orderShow(app, show, 3);
    await pressTestPage(app, other.payment!.hash, 'pay');

    await pressTestPage(app, placed.payment!.hash, 'pay');
    expect((await orderRow(placed.order.hash)).status).toBe('REFUND_REQUIRED');
    expect(await seatsLeft(show.product.id, show.plot.id)).toBe(0);
  });
});
