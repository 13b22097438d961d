/**
 * Test set-up shared by the rebooking tests: a shop that allows rebooking
 * with the demo's fees (booking 0.95, rebooking 2.50), a product on dated
 * plots at three prices, and orders placed and paid through the real routes.
 */
import { and, eq } from 'drizzle-orm';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createAddition } from '../orders/order-fixtures.ts';

export const SHOP_SECRET = 'shop-rebooking-secret-0123456789abcdef';
export const START = new Date('2026-06-01T10:00:00Z');
export const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.test', fields: {} };

export async function rebookingShop(db: Db, values: Partial<typeof s.organisations.$inferInsert> = {}) {
  const organisation = await createOrganisation(db, {
    rebookingAllowed: true,
    rebookingSecret: SHOP_SECRET,
    holdMinutes: 15,
    reservationDays: 3,
    ...values,
  });
  await createAddition(db, organisation.id, { amountCents: 95, type: 0, name: { en: 'Booking fee' } });
  await createAddition(db, organisation.id, { amountCents: 250, type: 1, name: { en: 'Rebooking fee' } });
  return organisation;
}

/** A 10.00 product on four slots: two at 10.00, one dearer (15.00), one cheaper (5.00). */
export async function slotProduct(db: Db, organisationId: number, capacity = 10) {
  const product = await createProduct(db, organisationId, {
    priceCents: 1000,
    hasDays: true,
    hasTimeslots: true,
    allowReservations: true,
  });
  const slot = (date: string, values: Partial<typeof s.plots.$inferInsert> = {}) =>
    createPlot(db, product.id, { date, startTime: '10:00', endTime: '11:00', capacity, ...values });
  return {
    product,
    plot: await slot('2026-06-10'),
    same: await slot('2026-06-11'),
    dearer: await slot('2026-06-12', { priceKind: 'DAY', priceCents: 1500 }),
    cheaper: await slot('2026-06-13', { priceKind: 'DAY', priceCents: 500 }),
  };
}
export type SlotProduct = Awaited<ReturnType<typeof slotProduct>>;

export interface OrderBody {
  action?: 'pay' | 'reserve';
  orders: Record<string, unknown>[];
  coupon?: string[];
  simulate?: boolean;
}

export function postOrder(app: App, body: OrderBody) {
  return app.inject({ method: 'POST', url: '/api/orders', payload: { action: 'pay', customer, ...body } });
}

/** Books `quantity` tickets on `plotId` and answers the first item's answer. */
export async function book(
  app: App,
  productId: number,
  plotId: number,
  quantity: number,
  action: 'pay' | 'reserve' = 'pay',
) {
  const response = await postOrder(app, {
    action,
    orders: [{ product: { id: productId, plot: plotId, quantity } }],
  });
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
  return response.json().response.orders[0] as {
    order: { status: string; hash: string };
    payment: { hash: string; transaction: false | object } | null;
    priceInfo: { productPrice: number; discount: number; additions: number; credit?: number };
  };
}

/** Pays on the built-in test gateway's page, the way the browser's form does. */
export function pay(app: App, paymentHash: string) {
  return app.inject({
    method: 'POST',
    url: `/pay/test/${paymentHash}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
}

/** A PAID order of `quantity` tickets on `plotId`, paid through the test gateway. */
export async function paidOrder(app: App, db: Db, productId: number, plotId: number, quantity = 2) {
  const placed = await book(app, productId, plotId, quantity);
  await pay(app, placed.payment!.hash);
  return orderByHash(db, placed.order.hash);
}

export async function orderByHash(db: Db, hash: string) {
  const [row] = await db.select().from(s.orders).where(eq(s.orders.hash, hash));
  if (!row) throw new Error(`no order ${hash}`);
  return row;
}

export async function orderById(db: Db, id: number) {
  const [row] = await db.select().from(s.orders).where(eq(s.orders.id, id));
  return row!;
}

/** Seats taken on a plot at `now`, the way availability counts them. */
export async function seatsTaken(db: Db, plotId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ seats: heldSeats })
    .from(s.capacityHolds)
    .where(and(eq(s.capacityHolds.plotId, plotId), activeHold(now)));
  return Number(row?.seats ?? 0);
}

/** POST /api/rebook/validate from its own IP, so the per-IP limit of one test never spills into another. */
export function validate(app: App, body: Record<string, unknown>, ip = '198.51.100.1') {
  return app.inject({ method: 'POST', url: '/api/rebook/validate', payload: body, remoteAddress: ip });
}
