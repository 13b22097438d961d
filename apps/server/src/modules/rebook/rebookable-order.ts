import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, plots } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import type { AppError } from '../../lib/errors.ts';
import { plotIsOver } from '../availability/plot-is-over.ts';
import { rebookErrors } from './rebook-errors.ts';
import { stillHeld } from '../../engine/booking/replaced-booking.ts';

export type OrderRow = typeof orders.$inferSelect;
type PlotRow = typeof plots.$inferSelect;

/** A booked order as rebooking sees it: its one item's product, plot and quantities. */
export interface BookedOrder {
  order: OrderRow;
  /** What sold vouchers' credit paid of it (its DISCOUNT lines with an issued voucher). */
  voucherCreditCents: number;
  /** null when the order has no product lines or more than one item. */
  item: {
    productId: number;
    plot: PlotRow;
    /** Ticket quantities: audience id → quantity, or the plain quantity under key null. */
    tickets: Map<number | null, number>;
    /** Upsell id → quantity. */
    upsells: Map<number, number>;
  } | null;
}

/** The order `orderId` of the organisation with its lines, or undefined. */
export async function loadBookedOrder(
  db: Db | Tx,
  organisationId: number,
  orderId: number,
): Promise<BookedOrder | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, organisationId)));
  if (!order) return undefined;
  const allLines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, ['PRODUCT', 'UPSELL', 'DISCOUNT'])))
    .orderBy(asc(orderLines.id));
  const lines = allLines.filter((line) => line.kind !== 'DISCOUNT');
  // A sold voucher's credit is a DISCOUNT line naming the voucher.
  const voucherCreditCents = allLines
    .filter((line) => line.kind === 'DISCOUNT' && line.issuedVoucherId !== null)
    .reduce((total, line) => total + line.totalCents, 0);
  const tickets = lines.filter((line) => line.kind === 'PRODUCT');
  const first = tickets[0];
  const oneItem =
    first !== undefined &&
    first.productId !== null &&
    first.plotId !== null &&
    lines.every(
      (line) =>
        line.itemIndex === first.itemIndex &&
        line.productId === first.productId &&
        line.plotId === first.plotId,
    );
  if (!oneItem) return { order, voucherCreditCents, item: null };
  const [plot] = await db.select().from(plots).where(eq(plots.id, first.plotId!));
  if (!plot) return { order, voucherCreditCents, item: null };
  const ticketQuantities = new Map<number | null, number>();
  for (const line of tickets)
    ticketQuantities.set(line.audienceId, (ticketQuantities.get(line.audienceId) ?? 0) + line.quantity);
  const upsellQuantities = new Map<number, number>();
  for (const line of lines)
    if (line.kind === 'UPSELL' && line.upsellId !== null)
      upsellQuantities.set(line.upsellId, (upsellQuantities.get(line.upsellId) ?? 0) + line.quantity);
  return {
    order,
    voucherCreditCents,
    item: { productId: first.productId!, plot, tickets: ticketQuantities, upsells: upsellQuantities },
  };
}

/**
 * Decision 0040: a PAID, or RESERVED and unexpired, product order with
 * exactly one item whose plot has not started, while the organisation
 * allows rebooking.
 */
export function isRebookable(organisation: Organisation, booked: BookedOrder, now: Date): boolean {
  return rebookRefusal(organisation, booked, now) === null;
}

/**
 * Why the booking cannot be changed now (decision 0187), as the error to
 * answer: each reason its own code, so the visitor reads why; null when it can.
 */
export function rebookRefusal(organisation: Organisation, booked: BookedOrder, now: Date): AppError | null {
  const { order, item } = booked;
  if (!organisation.rebookingAllowed) return rebookErrors.disabled();
  if (order.kind !== 'PRODUCT') return rebookErrors.notATicket();
  if (order.status === 'REBOOKED') return rebookErrors.alreadyMoved();
  if (!stillHeld(order, now)) return rebookErrors.notPaid();
  if (item === null) return rebookErrors.severalItems();
  if (plotIsOver(item.plot, zonedNow(now, organisation.timeZone))) return rebookErrors.started();
  return null;
}
