import type { CreateOrderRequest } from '@kassa/domain/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { findRebookSecret } from './order-secret.ts';
import { rebookErrors } from './rebook-errors.ts';
import { rebookCreditCents } from '../../engine/booking/replaced-booking.ts';
import { loadBookedOrder, rebookRefusal, type BookedOrder } from './rebookable-order.ts';
import { sameSecret } from './same-secret.ts';

/** A verified rebooking request: which order it moves and what that order is worth. */
export interface RebookPlan {
  oldOrderId: number;
  oldStatus: 'PAID' | 'RESERVED';
  creditCents: number;
}

function sameQuantities(
  a: ReadonlyMap<number | null, number>,
  b: ReadonlyMap<number | null, number>,
): boolean {
  const positive = (map: ReadonlyMap<number | null, number>) =>
    [...map].filter(([, quantity]) => quantity > 0);
  const left = positive(a);
  return left.length === positive(b).length && left.every(([key, quantity]) => b.get(key) === quantity);
}

/** What a rebooking reads of the new order's item, as the product kind priced it. */
export interface RebookedItem {
  product: { id: number };
  plot: { id: number };
  lines: readonly { kind: string; audienceId: number | null; quantity: number }[];
}

/** The new item must be the same product with the same tickets (plain or per audience), on another plot. */
function checkSameBooking(booked: BookedOrder, item: RebookedItem): void {
  if (item.product.id !== booked.item!.productId) throw rebookErrors.quantityMismatch('product');
  const tickets = new Map<number | null, number>();
  for (const line of item.lines)
    if (line.kind === 'PRODUCT')
      tickets.set(line.audienceId, (tickets.get(line.audienceId) ?? 0) + line.quantity);
  if (!sameQuantities(tickets, booked.item!.tickets)) throw rebookErrors.quantityMismatch('quantity');
  // Moving a booking onto its own plot changes nothing but would charge the fee.
  if (item.plot.id === booked.item!.plot.id) throw rebookErrors.samePlot();
}

/**
 * The booking a rebooking link names, checked: the order's hash and its own
 * secret (constant-time), the secret not used, and the booking rebookable
 * (decision 0040). For moving a booking and for turning it into a voucher.
 */
export async function verifyRebookLink(
  db: Db,
  organisation: Organisation,
  hash: string,
  secretText: string,
  now: Date,
): Promise<BookedOrder> {
  const [old] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organisationId, organisation.id), eq(orders.hash, hash)));
  const secret = old ? await findRebookSecret(db, old.id) : undefined;
  if (!old || !sameSecret(secretText, secret?.secret)) throw rebookErrors.secretInvalid();
  const booked = await loadBookedOrder(db, organisation.id, old.id);
  if (!booked || secret?.usedAt) throw rebookErrors.notAllowed();
  const refusal = rebookRefusal(organisation, booked, now);
  if (refusal) throw refusal;
  return booked;
}

/**
 * Verifies a POST /api/orders request that rebooks (orders[].rebook with
 * rebook_secret; decision 0040) against the priced items: the old order's
 * hash and its own secret (constant-time), that it is rebookable, one
 * item of the same product and quantities, no codes or passes, and a
 * reservation only in place of a reservation. Null when nothing is rebooked.
 * Checked again under the old order's lock when the booking is written.
 */
export async function planRebooking(
  db: Db,
  organisation: Organisation,
  request: CreateOrderRequest,
  items: readonly RebookedItem[],
  now: Date,
): Promise<RebookPlan | null> {
  if (!request.orders.some((item) => item.rebook || item.rebook_secret)) return null;
  const [item] = request.orders;
  if (request.orders.length !== 1 || !item || !items[0]) throw rebookErrors.quantityMismatch('items');
  if (!item.rebook || !item.rebook_secret) throw rebookErrors.secretInvalid();
  if (request.coupon.length > 0 || item.subscription) throw rebookErrors.couponNotAllowed();
  const booked = await verifyRebookLink(db, organisation, item.rebook, item.rebook_secret, now);
  const oldStatus = booked.order.status === 'RESERVED' ? 'RESERVED' : 'PAID';
  if (request.action === 'reserve' && oldStatus === 'PAID') throw rebookErrors.notAllowed();
  checkSameBooking(booked, items[0]);
  return {
    oldOrderId: booked.order.id,
    oldStatus,
    creditCents: rebookCreditCents(booked.order, booked.voucherCreditCents),
  };
}
