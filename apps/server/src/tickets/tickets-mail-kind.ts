import { z } from 'zod';
import { mailLink } from '../mail/mail-link.ts';
import { addressedTo } from '../mail/mail-message.ts';
import { defineMailKind } from '../outbox/mail-kind.ts';
import { checkoutReturnPath } from '../engine/hand-off/payment-paths.ts';
import { loadOrderTickets } from './load-tickets.ts';
import { calendarFileName, loadOrderVisits, orderCalendar } from './order-calendar.ts';
import { cancelLinkPath } from './cancel-link.ts';
import { rebookLinkPath } from './rebook-link.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';
import { ticketsMail } from './tickets-mail.ts';

/**
 * The TICKETS mail: an order's tickets as they are when it is sent (PDF
 * attached), with the order's rebooking link made absolute with `baseUrl`
 * (the shop's public address when the job was written; '' leaves it
 * relative), and its visits as a calendar entry (.ics, decision 0250).
 * Nothing to send for an order without tickets or e-mail.
 */
export const ticketsMailKind = defineMailKind({
  name: 'TICKETS',
  payload: z.object({
    orderId: z.number().int().positive(),
    baseUrl: z.string().max(2000),
    /** Another address than the order's (staff resending, decision 0232). */
    to: z.email().max(254).optional(),
  }),
  async render({ db, now }, { orderId, baseUrl, to }) {
    const order = await loadOrderTickets(db, orderId);
    if (!order || order.tickets.length === 0 || !order.customer.email) return null;
    const rebookPath = await rebookLinkPath(db, orderId, now);
    const rebookUrl = rebookPath && mailLink(`${baseUrl}${rebookPath}`, order.language);
    const cancelPath = await cancelLinkPath(db, orderId, now);
    const cancelUrl = cancelPath && mailLink(`${baseUrl}${cancelPath}`, order.language);
    const mail = ticketsMail(order, await renderTicketsPdf(order), rebookUrl, cancelUrl);
    const visits = await loadOrderVisits(db, orderId);
    const bookingUrl = mailLink(`${baseUrl}${checkoutReturnPath(order.orderHash)}`, order.language);
    const ics = visits && orderCalendar(visits, bookingUrl, now);
    if (!ics) return addressedTo(mail, to);
    return addressedTo(
      {
        ...mail,
        attachments: [
          ...(mail.attachments ?? []),
          {
            filename: calendarFileName(order.reference),
            content: ics,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ],
      },
      to,
    );
  },
});
