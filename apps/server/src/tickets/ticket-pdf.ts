import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { OrderTickets } from './load-tickets.ts';
import { ticketTexts } from './ticket-texts.ts';

const A6: [number, number] = [297.64, 419.53];
const MARGIN = 24;

/**
 * The tickets of an order as one PDF, one ticket per page (A6, fits a
 * phone screen and prints on any paper): the QR code carries the ticket's
 * secret, beside product, date and time (the shop's own zone, named),
 * audience and order number. Built in memory; orders hold tens of tickets.
 */
export async function renderTicketsPdf(order: OrderTickets): Promise<Buffer> {
  const texts = ticketTexts(order.language);
  const codes = await Promise.all(
    order.tickets.map((ticket) =>
      QRCode.toBuffer(ticket.secret, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 }),
    ),
  );
  const doc = new PDFDocument({
    size: A6,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `${order.shop} – ${texts.order} ${order.orderId}`, Author: order.shop },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A6[0] - 2 * MARGIN;
  order.tickets.forEach((ticket, index) => {
    doc.addPage();
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(order.shop, { width });
    doc.text(texts.ticketOf(index + 1, order.tickets.length), { width });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(ticket.product, { width });
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(10);
    if (ticket.date) doc.text(`${texts.date}: ${ticket.date}`, { width });
    if (ticket.time) doc.text(`${texts.time}: ${ticket.time} (${order.timeZone})`, { width });
    if (ticket.audience) doc.text(`${texts.audience}: ${ticket.audience}`, { width });
    doc.text(`${texts.order}: ${order.orderId}`, { width });
    const size = Math.min(width, 170);
    doc.image(codes[index]!, MARGIN + (width - size) / 2, A6[1] - MARGIN - size - 14, { width: size });
    doc
      .fontSize(7)
      .fillColor('#555555')
      .text(ticket.secret, MARGIN, A6[1] - MARGIN - 10, { width, align: 'center' });
  });
  doc.end();
  return done;
}
