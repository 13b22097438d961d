import type { OrderTickets } from './load-tickets.ts';
import { renderQrPagesPdf, type QrPage } from './qr-pages-pdf.ts';
import { receiptRows } from './receipt-rows.ts';
import { ticketTexts } from './ticket-texts.ts';

/**
 * The tickets of an order as one PDF in the shop's colour: one ticket per
 * page — the QR code carries the ticket's secret, beside product, date (the
 * shop's date format) and time (the shop's clock, so no zone is named),
 * audience, the extras to hand out at the door, venue and order number —
 * then the receipt: every line, discounts, fees and the total paid
 * (decision 0149).
 */
export async function renderTicketsPdf(order: OrderTickets): Promise<Buffer> {
  const texts = ticketTexts(order.language);
  const rows = receiptRows(order.receipt, texts, order.language);
  const venue = rows.venue.join(', ');
  const tickets: QrPage[] = order.tickets.map((ticket, index) => ({
    header: [texts.ticketOf(index + 1, order.tickets.length)],
    title: ticket.product,
    lines: [
      ...(ticket.date ? [`${texts.date}: ${ticket.date}`] : []),
      ...(ticket.time ? [`${texts.time}: ${ticket.time}`] : []),
      ...(ticket.audience ? [`${texts.audience}: ${ticket.audience}`] : []),
      ...(ticket.extras.length > 0 ? [`${texts.includes}: ${ticket.extras.join(', ')}`] : []),
      `${texts.venue}: ${venue}`,
      `${texts.order}: ${order.reference}`,
    ],
    secret: ticket.secret,
  }));
  const receipt: QrPage = {
    header: [`${texts.order}: ${order.reference}`],
    title: texts.receipt,
    lines: [],
    rows: [
      ...rows.items.flatMap((item) => [{ label: item.heading, amount: '' }, ...item.rows]),
      ...rows.totals,
    ],
  };
  return renderQrPagesPdf(
    {
      title: `${order.shop} – ${texts.order} ${order.reference}`,
      author: order.shop,
      shop: order.shop,
      accent: order.receipt.themeColour,
    },
    [...tickets, { ...receipt, lines: [`${texts.venue}: ${venue}`] }],
  );
}
