import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { ticketsMailKind } from '../../tickets/tickets-mail-kind.ts';
import { issueTickets } from '../../tickets/issue-tickets.ts';
import { issueRebookSecret } from '../rebook/order-secret.ts';
import type { FulfilContext, FulfilledOrder } from '../../engine/order-kind.ts';

/** The outbox key of an order's first tickets mail: one per order, whoever confirms it. */
export function ticketsMailKey(orderId: number): string {
  return `TICKETS:${orderId}`;
}

/**
 * A product order's fulfilment: one ticket per person, the order's own
 * rebooking link (decision 0040) and the tickets mail, queued once.
 */
export async function fulfilProductOrder(
  tx: Tx,
  order: FulfilledOrder,
  context: FulfilContext,
): Promise<void> {
  const issued = await issueTickets(tx, order.id);
  await issueRebookSecret(tx, order.id);
  if (issued === 0) return;
  await enqueueMail(
    tx,
    {
      kind: ticketsMailKind,
      organisationId: order.organisationId,
      payload: { orderId: order.id, baseUrl: context.baseUrl },
      dedupeKey: ticketsMailKey(order.id),
    },
    context.now,
  );
}
