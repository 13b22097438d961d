import type { OrderTickets } from './load-tickets.ts';
import { renderQrPagesPdf } from './qr-pages-pdf.ts';
import { ticketTexts } from './ticket-texts.ts';

/**
 * The tickets of an order as one PDF, one ticket per page: the QR code
 * carries the ticket's secret, beside product, date and time (the shop's
 * own zone, named), audience and order number.
 */
export async function renderTicketsPdf(order: OrderTickets): Promise<Buffer> {
  const texts = ticketTexts(order.language);
  return renderQrPagesPdf(
    { title: `${order.shop} – ${texts.order} ${order.reference}`, author: order.shop },
    order.tickets.map((ticket, index) => ({
      header: [order.shop, texts.ticketOf(index + 1, order.tickets.length)],
      title: ticket.product,
      lines: [
        ...(ticket.date ? [`${texts.date}: ${ticket.date}`] : []),
        ...(ticket.time ? [`${texts.time}: ${ticket.time} (${order.timeZone})`] : []),
        ...(ticket.audience ? [`${texts.audience}: ${ticket.audience}`] : []),
        `${texts.order}: ${order.reference}`,
      ],
      secret: ticket.secret,
    })),
  );
}
