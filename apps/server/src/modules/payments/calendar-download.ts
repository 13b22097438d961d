import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { checkoutReturnPath } from '../../engine/hand-off/payment-paths.ts';
import { mailLink } from '../../mail/mail-link.ts';
import { calendarFileName, loadOrderVisits, orderCalendar } from '../../tickets/order-calendar.ts';
import { mayHaveTickets } from './tickets-download.ts';

/**
 * GET /api/orders/{hash}/calendar.ics: the calendar entry the tickets mail
 * carries (decision 0250), for an order with tickets for a dated visit.
 */
export async function sendOrderCalendar(
  db: Db,
  order: OrderRow,
  baseUrl: string,
  now: Date,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!mayHaveTickets(order)) throw paymentErrors.ticketsNotAvailable();
  const visits = await loadOrderVisits(db, order.id);
  const bookingUrl = mailLink(`${baseUrl}${checkoutReturnPath(order.hash)}`, order.language);
  const ics = visits && orderCalendar(visits, bookingUrl, now);
  if (!ics) throw paymentErrors.ticketsNotAvailable();
  return reply
    .header('content-type', 'text/calendar; charset=utf-8; method=PUBLISH')
    .header('content-disposition', `attachment; filename="${calendarFileName(order.reference)}"`)
    .header('cache-control', 'private, no-store')
    .send(ics);
}
