import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, organisationAdditions, payments } from '../../db/schema.ts';
import { couponNotValid } from '../../engine/pricing/coupon-errors.ts';
import { giveBackDiscounts } from '../../engine/expiry/give-back-discounts.ts';
import { resolveOrderCodes } from '../../engine/pricing/order-codes.ts';
import { pricedLines } from '../../engine/placement/order-draft.ts';
import { priceOrder } from '../../engine/pricing/order-pricing.ts';
import type { PricedOrderItem } from '../../engine/pricing/order-lines.ts';
import { respendDiscounts } from '../../engine/settlement/respend-discounts.ts';
import { assertHolding, findReservation, type OrderRow } from './find-reservation.ts';
import { reservationErrors } from './reservation-errors.ts';

export type CouponChange = { add: string } | { remove: string };

/** The codes after the change; removing one that is not there is 404 COUPON_NOT_APPLIED. */
function changedCodes(current: readonly string[], change: CouponChange): string[] {
  if ('add' in change) return dedupeCouponCodes([...current, change.add]);
  const target = change.remove.trim().toUpperCase();
  const kept = current.filter((code) => code.toUpperCase() !== target);
  if (kept.length === current.length) throw reservationErrors.couponNotApplied(change.remove);
  return kept;
}

/** A reserved item as the order engine prices it: a product's ticket and upsell lines. */
interface StoredItem extends PricedOrderItem {
  productId: number;
}

/** The reserved items as the order engine prices them, rebuilt from the stored ticket and upsell lines. */
async function storedItems(tx: Tx, orderId: number): Promise<StoredItem[]> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, ['PRODUCT', 'UPSELL'])))
    .orderBy(orderLines.itemIndex, orderLines.id);
  const items = new Map<number, StoredItem>();
  for (const line of lines) {
    let item = items.get(line.itemIndex);
    if (!item) {
      item = { index: line.itemIndex, productId: line.productId!, lines: [], subtotalCents: 0 };
      items.set(line.itemIndex, item);
    }
    item.lines.push({
      kind: line.kind,
      productId: line.productId!,
      plotId: line.plotId!,
      audienceId: line.audienceId,
      upsellId: line.upsellId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    });
    item.subtotalCents += line.totalCents;
  }
  return [...items.values()].sort((a, b) => a.index - b.index);
}

/**
 * Adds a coupon or voucher code to a reservation, or removes one, and
 * prices it again on the server (docs/storefront.md §9.3, reservation total:
 * products plus upsells minus discount plus the new-booking additions; type 1
 * never). One transaction with the order locked: what the old codes spent is
 * given back (giveBackDiscounts), the codes are checked as an order's are
 * (resolveOrderCodes), the lines and totals are rewritten with the order
 * engine's pricing and lines (priceOrder, pricedLines), and the new codes are
 * spent with the engine's conditional updates (respendDiscounts): a code used
 * up meanwhile fails the change and nothing is half-written. An open payment
 * for the old amount is closed, so the next hand-off charges the new total.
 */
export async function changeReservationCoupons(
  db: Db,
  organisationId: number,
  hash: string,
  change: CouponChange,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order } = await findReservation(tx, hash, { lock: true });
    assertHolding(order, now);
    const codes = changedCodes(order.couponCodes, change);
    await giveBackDiscounts(tx, [order.id]);
    const items = await storedItems(tx, order.id);
    const resolved = await resolveOrderCodes(
      tx,
      organisationId,
      codes,
      { products: items.map((item) => item.productId) },
      order.clientId,
      now,
    );
    const additions = await tx
      .select()
      .from(organisationAdditions)
      .where(eq(organisationAdditions.organisationId, organisationId));
    const priced = priceOrder(items, resolved, additions, order.onInvoice, null);
    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    await tx.insert(orderLines).values(pricedLines(priced).map((line) => ({ ...line, orderId: order.id })));
    const [updated] = await tx
      .update(orders)
      .set({
        subtotalCents: priced.totals.subtotalCents,
        discountCents: priced.totals.discountCents,
        additionsCents: priced.totals.additionsCents,
        totalCents: priced.totals.totalCents,
        couponCodes: resolved.codes,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!(await respendDiscounts(tx, updated as OrderRow))) {
      throw couponNotValid('add' in change ? change.add : change.remove, 'USED_UP');
    }
    await tx
      .update(payments)
      .set({ status: 'EXPIRED', updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'OPEN')));
  });
}
