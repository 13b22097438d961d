import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadOrderTickets } from '../../tickets/load-tickets.ts';
import { renderTicketsPdf } from '../../tickets/ticket-pdf.ts';
import { ticketsFileName } from '../../tickets/tickets-mail.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';

/** Paid orders, and invoiced ones once their tickets are issued, have tickets to hand out. */
export function mayHaveTickets(order: Pick<OrderRow, 'status'>): boolean {
  return order.status === 'PAID' || order.status === 'INVOICED';
}

/** GET /api/orders/{hash}/tickets.pdf: the same PDF the e-mail carries, for orders with tickets only. */
export async function sendTicketsPdf(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  if (!mayHaveTickets(order)) throw paymentErrors.ticketsNotAvailable();
  const tickets = await loadOrderTickets(db, order.id);
  if (!tickets || tickets.tickets.length === 0) throw paymentErrors.ticketsNotAvailable();
  const pdf = await renderTicketsPdf(tickets);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${ticketsFileName(order.reference)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
