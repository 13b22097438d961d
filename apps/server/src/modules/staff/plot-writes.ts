import type { ClosePlotAnswer } from '@kassa/domain/contract/staff-refunds';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { capacityHolds, orderLines, orders, plots, products } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { cancelOrderItems, type RefundDeps } from '../../engine/refunds/cancel-order-items.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { moveOrder } from './move-order.ts';

const plotErrors = {
  notFound: () => new AppError(404, 'PLOT_NOT_FOUND', 'No slot of this shop has this id'),
  closed: () => new AppError(409, 'PLOT_ALREADY_CLOSED', 'The slot is closed already'),
  badTarget: () =>
    new AppError(
      400,
      'PLOT_MOVE_TARGET_INVALID',
      'The slot to move to must be another open slot of the same product',
    ),
  noDay: () => new AppError(404, 'PLOT_NOT_FOUND', 'The product has no open slot on this day'),
  belowSold: (sold: number) =>
    new AppError(
      409,
      'CAPACITY_BELOW_SOLD',
      'The capacity cannot be lower than the seats sold',
      String(sold),
    ),
};

/** The plot of the shop, locked FOR UPDATE (bookings lock plots the same way to take seats). */
async function lockedPlot(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  organisationId: number,
  plotId: number,
) {
  const [plot] = await tx
    .select({ plot: plots })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(and(eq(plots.id, plotId), eq(products.organisationId, organisationId)))
    .for('update', { of: plots });
  if (!plot) throw plotErrors.notFound();
  return plot.plot;
}

/**
 * Changes a slot's capacity (decision 0238), under the plot's lock, which a
 * booking takes to count and take seats: never below the seats held by paid
 * and unexpired orders (CAPACITY_BELOW_SOLD). Audited as slot.capacity.
 */
export async function changePlotCapacity(
  db: Db,
  input: { organisationId: number; plotId: number; capacity: number | null; actor: AuditActor; now: Date },
) {
  return db.transaction(async (tx) => {
    const plot = await lockedPlot(tx, input.organisationId, input.plotId);
    const [held] = await tx
      .select({ seats: heldSeats })
      .from(capacityHolds)
      .where(and(eq(capacityHolds.plotId, plot.id), activeHold(input.now)));
    const sold = held?.seats ?? 0;
    if (input.capacity !== null && input.capacity < sold) throw plotErrors.belowSold(sold);
    await tx.update(plots).set({ capacity: input.capacity }).where(eq(plots.id, plot.id));
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: 'slot.capacity',
      subject: `plot ${plot.id} ${plot.date ?? ''} ${plot.startTime ?? ''}`.trim(),
      before: { capacity: plot.capacity },
      after: { capacity: input.capacity },
    });
    return { plot: plot.id, capacity: input.capacity, sold };
  });
}

/**
 * Closes a slot (decision 0238): in one transaction under the plot's lock it
 * stops selling (selectable false, closed_at, the reason) and is audited as
 * slot.close; then each sold order with tickets on it is cancelled through
 * cancelOrderItems — its tickets on the slot and the extras of the same
 * item, refunded to the payment, the visitor mailed with the reason. An
 * order that cannot be cancelled (a ticket let in already) is reported, not
 * forced.
 */
export async function closePlot(
  deps: RefundDeps,
  input: {
    organisationId: number;
    plotId: number;
    reason: string;
    actor: AuditActor;
    now: Date;
    /** Move the slot's bookings here where they fit and cost nothing more (decision 0248). */
    moveTo?: { plotId: number; organisation: Organisation; baseUrl: string };
  },
): Promise<ClosePlotAnswer> {
  const { db } = deps;
  const closed = await db.transaction(async (tx) => {
    const plot = await lockedPlot(tx, input.organisationId, input.plotId);
    if (plot.closedAt) throw plotErrors.closed();
    if (input.moveTo) {
      const [target] = await tx.select().from(plots).where(eq(plots.id, input.moveTo.plotId));
      if (!target || target.id === plot.id || target.productId !== plot.productId || target.closedAt)
        throw plotErrors.badTarget();
    }
    await tx
      .update(plots)
      .set({ selectable: false, closedAt: input.now, closedReason: input.reason })
      .where(eq(plots.id, plot.id));
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: 'slot.close',
      subject: `plot ${plot.id} ${plot.date ?? ''} ${plot.startTime ?? ''}`.trim(),
      before: { selectable: plot.selectable },
      after: {
        selectable: false,
        reason: input.reason,
        ...(input.moveTo ? { moveTo: input.moveTo.plotId } : {}),
      },
    });
    return plot;
  });
  // The sold orders with units left on the slot.
  const onPlot = await db
    .select({ orderId: orders.id, reference: orders.reference, itemIndex: orderLines.itemIndex })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.plotId, closed.id),
        eq(orderLines.kind, 'PRODUCT'),
        eq(orders.organisationId, input.organisationId),
        inArray(orders.status, ['PAID', 'INVOICED']),
        gt(orderLines.quantity, orderLines.cancelledQuantity),
      ),
    )
    .orderBy(asc(orders.id));
  const byOrder = new Map<number, { reference: string; items: Set<number> }>();
  for (const row of onPlot) {
    const entry = byOrder.get(row.orderId) ?? { reference: row.reference, items: new Set<number>() };
    entry.items.add(row.itemIndex);
    byOrder.set(row.orderId, entry);
  }
  const answer: ClosePlotAnswer = {
    plot: closed.id,
    closed_at: input.now.toISOString(),
    reason: input.reason,
    cancelled: [],
    moved: [],
    refused: [],
  };
  for (const [orderId, entry] of byOrder) {
    if (input.moveTo && (await movedForClosure(deps, input.moveTo, entry.reference, input, answer))) continue;
    // The slot's tickets and the extras bought with them (the same cart item).
    const lines = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.orderId, orderId),
          inArray(orderLines.itemIndex, [...entry.items]),
          inArray(orderLines.kind, ['PRODUCT', 'UPSELL']),
          gt(orderLines.quantity, orderLines.cancelledQuantity),
          sql`(${orderLines.kind} <> 'PRODUCT' or ${orderLines.plotId} = ${closed.id})`,
        ),
      );
    try {
      const done = await cancelOrderItems(deps, {
        organisationId: input.organisationId,
        orderReference: entry.reference,
        choice: { lines: lines.map((line) => ({ id: line.id })), method: 'original' },
        reason: input.reason,
        visitorNote: input.reason,
        actor: input.actor,
        now: input.now,
      });
      answer.cancelled.push({
        order_number: done.orderNumber,
        amount_cents: done.amountCents,
        refund_status: done.refund?.status ?? 'succeeded',
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      answer.refused.push({ order_number: formatOrderReference(entry.reference), code: error.code });
    }
  }
  return answer;
}

/**
 * Tries to move one booking of a slot being closed to `moveTo` (decision
 * 0248), through moveOrder without the fee: only when it fits and leaves
 * nothing to pay (the shop closed the slot: the visitor pays no more); a
 * cheaper slot refunds the difference. False when it cannot be moved — a
 * full slot, a dearer one, a booking the rebooking rules refuse — and the
 * caller cancels and refunds it instead.
 */
async function movedForClosure(
  deps: RefundDeps,
  moveTo: { plotId: number; organisation: Organisation; baseUrl: string },
  reference: string,
  input: { actor: AuditActor; now: Date },
  answer: ClosePlotAnswer,
): Promise<boolean> {
  const request = {
    organisation: moveTo.organisation,
    orderReference: reference,
    plotId: moveTo.plotId,
    fee: false,
    actor: input.actor,
    now: input.now,
    baseUrl: moveTo.baseUrl,
  };
  try {
    const preview = await moveOrder(deps, request, true);
    if (preview.toPayCents > 0) return false;
    const moved = await moveOrder(deps, request, false);
    answer.moved.push({
      order_number: moved.orderNumber,
      new_order_number: moved.newOrderNumber ?? '',
      refund_cents: moved.refundCents,
    });
    return true;
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return false;
  }
}

/**
 * Closes every open slot of a product on one day with one reason (decision
 * 0248): each slot as closePlot closes it, one after the other.
 */
export async function closeDay(
  deps: RefundDeps,
  input: {
    organisationId: number;
    productId: number;
    date: string;
    reason: string;
    actor: AuditActor;
    now: Date;
  },
): Promise<ClosePlotAnswer[]> {
  const day = await deps.db
    .select({ id: plots.id })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(
      and(
        eq(plots.productId, input.productId),
        eq(products.organisationId, input.organisationId),
        eq(plots.date, input.date),
        isNull(plots.closedAt),
      ),
    )
    .orderBy(asc(plots.startTime), asc(plots.id));
  if (day.length === 0) throw plotErrors.noDay();
  const answers: ClosePlotAnswer[] = [];
  for (const plot of day) answers.push(await closePlot(deps, { ...input, plotId: plot.id }));
  return answers;
}
