import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { writtenDate } from '../../tickets/load-tickets.ts';
import type { OrderPasses } from './load-passes.ts';
import { passesTexts } from './passes-texts.ts';

const A6: [number, number] = [297.64, 419.53];
const MARGIN = 24;

/** A subscription's passes as one PDF, a pass per page (A6), each with a QR code of the pass's secret. */
export async function renderPassesPdf(order: OrderPasses): Promise<Buffer> {
  const texts = passesTexts(order.language);
  const codes = await Promise.all(
    order.passes.map((pass) =>
      QRCode.toBuffer(pass.secret, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 }),
    ),
  );
  const doc = new PDFDocument({
    size: A6,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `${order.shop} – ${order.title}`, Author: order.shop },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A6[0] - 2 * MARGIN;
  const until = writtenDate(order.expiration, order.language);
  order.passes.forEach((pass, index) => {
    doc.addPage();
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(order.shop, { width });
    doc.text(texts.passOf(index + 1, order.passes.length), { width });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(order.title, { width });
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(12).text(pass.name, { width });
    doc.font('Helvetica').fontSize(10);
    if (pass.audience) doc.text(`${texts.type}: ${pass.audience}`, { width });
    doc.text(`${texts.validUntil}: ${until}`, { width });
    doc.text(`${texts.order}: ${order.orderId}`, { width });
    const size = Math.min(width, 170);
    doc.image(codes[index]!, MARGIN + (width - size) / 2, A6[1] - MARGIN - size - 14, { width: size });
    doc
      .fontSize(7)
      .fillColor('#555555')
      .text(pass.secret, MARGIN, A6[1] - MARGIN - 10, { width, align: 'center' });
  });
  doc.end();
  return done;
}
