import { refundShare, type ShareLine } from '@kassa/domain/rules/refund-share';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admissions,
  orderLines,
  orders,
  payments,
  refunds,
  tickets,
  type RefundMethod,
} from '../../db/schema.ts';
import { refundErrors } from './refund-errors.ts';

/** Lines whose units can be cancelled: what the visitor bought (tickets, extras); discounts and fees follow them. */
const CANCELLABLE_KINDS: ReadonlySet<string> = new Set(['PRODUCT', 'UPSELL']);
/** Lines a withdrawal ends (decision 0254): a voucher's values, a subscription. */
const WITHDRAWABLE_KINDS: ReadonlySet<string> = new Set(['VOUCHER_VALUE', 'SUBSCRIPTION']);
/** Lines that carry gross: the share-out is over them (decision 0235). */
const GROSS_KINDS: ReadonlySet<string> = new Set(['PRODUCT', 'UPSELL', 'SUBSCRIPTION', 'VOUCHER_VALUE']);

/** What staff (or a visitor) asked to cancel. */
export interface CancelChoice {
  /** Ticket ids (uuid). */
  tickets?: readonly string[];
  /** Order lines, with how many units (all that are left when absent). */
  lines?: readonly { id: number; quantity?: number }[];
  method: RefundMethod;
  /**
   * A withdrawal from a voucher or subscription order (decision 0254): its
   * VOUCHER_VALUE and SUBSCRIPTION lines are chosen instead of tickets and
   * extras; a product order cannot be withdrawn from.
   */
  withdrawal?: boolean;
}

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

export interface PlannedLine {
  line: LineRow;
  /** Units cancelled now. */
  quantity: number;
  /** Their share of what was paid. */
  amountCents: number;
  ticketIds: string[];
}

export interface CancellationPlan {
  order: OrderRow;
  lines: PlannedLine[];
  /** What the cancelled units are worth (their share of what was paid). */
  shareCents: number;
  /** What comes back by the chosen method: the share, or 0 with method none. */
  amountCents: number;
  method: RefundMethod;
  /** The payment refunded at its gateway (method original, something to refund). */
  payment: typeof payments.$inferSelect | null;
  /** Every unit of the order is cancelled after this: it becomes CANCELLED. */
  cancelsAll: boolean;
  paidCents: number;
  refundedBeforeCents: number;
  currency: string;
}

/** The order of a shop by its public reference; FOR UPDATE when it is to be changed. */
export async function findOrderByReference(
  tx: Tx | Db,
  organisationId: number,
  reference: string,
  lock: boolean,
): Promise<OrderRow> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.reference, reference)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw refundErrors.orderNotFound();
  return order;
}

/**
 * Reads the order's lines, tickets, payment and earlier refunds and checks
 * the choice against them; writes nothing (the preview answers this as is,
 * the cancellation writes it under the order's lock). Tickets chosen by
 * line are the line's first tickets neither cancelled nor let in.
 */
export async function planCancellation(
  tx: Tx | Db,
  order: OrderRow,
  choice: CancelChoice,
  /** The shop's currency, for a refund that names no payment. */
  shopCurrency: string,
): Promise<CancellationPlan> {
  if (order.status === 'CANCELLED') throw refundErrors.alreadyCancelled();
  const kindFits = choice.withdrawal ? order.kind !== 'PRODUCT' : order.kind === 'PRODUCT';
  if (!kindFits || (order.status !== 'PAID' && order.status !== 'INVOICED'))
    throw refundErrors.notCancellable(order.status);
  const cancellable = choice.withdrawal ? WITHDRAWABLE_KINDS : CANCELLABLE_KINDS;
  const allLines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const grossLines = allLines.filter((line) => GROSS_KINDS.has(line.kind));
  const orderTickets = await tx
    .select({
      id: tickets.id,
      orderLineId: tickets.orderLineId,
      cancelledAt: tickets.cancelledAt,
      // A standing admission (not undone, not a duplicate): the ticket was let in.
      admitted: sql<boolean>`exists (select 1 from ${admissions} a where a.ticket_id = ${tickets}.id
        and a.undone_at is null and a.duplicate_of is null)`,
    })
    .from(tickets)
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));

  // Per line: the tickets chosen and the units chosen.
  const chosen = new Map<number, { quantity: number; ticketIds: string[] }>();
  const entry = (lineId: number) => {
    let found = chosen.get(lineId);
    if (!found) chosen.set(lineId, (found = { quantity: 0, ticketIds: [] }));
    return found;
  };
  for (const ticketId of new Set(choice.tickets ?? [])) {
    const ticket = orderTickets.find((candidate) => candidate.id === ticketId);
    if (!ticket) throw refundErrors.unknownItem(`ticket ${ticketId}`);
    if (ticket.cancelledAt) throw refundErrors.itemCancelled(`ticket ${ticketId}`);
    if (ticket.admitted) throw refundErrors.ticketAdmitted(`ticket ${ticketId}`);
    const picked = entry(ticket.orderLineId);
    picked.quantity += 1;
    picked.ticketIds.push(ticket.id);
  }
  for (const wanted of choice.lines ?? []) {
    const line = allLines.find((candidate) => candidate.id === wanted.id);
    if (!line) throw refundErrors.unknownItem(`line ${wanted.id}`);
    if (!cancellable.has(line.kind)) throw refundErrors.lineNotCancellable(`line ${wanted.id}`);
    const picked = entry(line.id);
    const left = line.quantity - line.cancelledQuantity - picked.quantity;
    if (left <= 0) throw refundErrors.itemCancelled(`line ${wanted.id}`);
    const quantity = wanted.quantity ?? left;
    if (quantity > left) throw refundErrors.tooMany(`line ${wanted.id}`);
    const lineTickets = orderTickets.filter((ticket) => ticket.orderLineId === line.id);
    if (lineTickets.length > 0) {
      const free = lineTickets.filter(
        (ticket) => !ticket.cancelledAt && !ticket.admitted && !picked.ticketIds.includes(ticket.id),
      );
      if (free.length < quantity) throw refundErrors.ticketAdmitted(`line ${wanted.id}`);
      picked.ticketIds.push(...free.slice(0, quantity).map((ticket) => ticket.id));
    }
    picked.quantity += quantity;
  }
  if ([...chosen.values()].every((picked) => picked.quantity === 0)) throw refundErrors.nothingChosen();

  const paidCents = order.status === 'PAID' ? order.totalCents : 0;
  const [before] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const refundedBeforeCents = before?.cents ?? 0;
  const shareLines: ShareLine[] = grossLines.map((line) => ({
    grossCents: Math.max(0, line.totalCents),
    quantity: Math.max(1, line.quantity),
    cancelledQuantity: line.cancelledQuantity,
  }));
  const pickedLines = [...chosen.entries()].filter(([, picked]) => picked.quantity > 0);
  const share = refundShare(
    paidCents,
    refundedBeforeCents,
    shareLines,
    pickedLines.map(([lineId, picked]) => ({
      line: grossLines.findIndex((line) => line.id === lineId),
      quantity: picked.quantity,
    })),
  );
  const planned: PlannedLine[] = pickedLines.map(([lineId, picked], index) => ({
    line: grossLines.find((line) => line.id === lineId)!,
    quantity: picked.quantity,
    amountCents: share.perCancel[index]!,
    ticketIds: picked.ticketIds,
  }));
  const cancelsAll = grossLines.every(
    (line) =>
      line.quantity - line.cancelledQuantity ===
      (planned.find((entryLine) => entryLine.line.id === line.id)?.quantity ?? 0),
  );
  const amountCents = choice.method === 'none' ? 0 : share.totalCents;
  let payment: CancellationPlan['payment'] = null;
  if (choice.method === 'original' && amountCents > 0) {
    [payment = null] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'PAID')))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!payment || payment.amountCents < amountCents) throw refundErrors.noPayment();
  }
  return {
    order,
    lines: planned,
    shareCents: share.totalCents,
    amountCents,
    method: choice.method,
    payment,
    cancelsAll,
    paidCents,
    refundedBeforeCents,
    currency: payment?.currency ?? shopCurrency,
  };
}

/** The tickets of `ticketIds` that are still standing (for the cancellation's update). */
export const notCancelled = (ticketIds: string[]) =>
  and(inArray(tickets.id, ticketIds), isNull(tickets.cancelledAt));
