import type { OrderTickets } from './load-tickets.ts';
import { renderQrPagesPdf, type QrPage } from './qr-pages-pdf.ts';
import { receiptPage, receiptRows } from './receipt-rows.ts';
import { labelled } from './receipt-texts.ts';
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
  const { language } = order;
  const texts = ticketTexts(language);
  const venue = receiptRows(order.receipt, language).venue.join(', ');
  const line = (label: string, value: string) => labelled(label, value, language);
  const tickets: QrPage[] = order.tickets.map((ticket, index) => ({
    header: [texts.ticketOf(index + 1, order.tickets.length)],
    title: ticket.product,
    lines: [
      ...(ticket.date ? [line(texts.date, ticket.date)] : []),
      ...(ticket.time ? [line(texts.time, ticket.time)] : []),
      ...(ticket.audience ? [line(texts.audience, ticket.audience)] : []),
      ...(ticket.extras.length > 0 ? [line(texts.includes, ticket.extras.join(', '))] : []),
      line(texts.venue, venue),
      line(texts.order, order.reference),
    ],
    secret: ticket.secret,
  }));
  return renderQrPagesPdf(
    {
      title: `${order.shop} – ${texts.order} ${order.reference}`,
      author: order.shop,
      shop: order.shop,
      accent: order.receipt.themeColour,
    },
    [...tickets, receiptPage(order.receipt, language)],
  );
}
