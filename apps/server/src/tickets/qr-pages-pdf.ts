import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const A6: [number, number] = [297.64, 419.53];
const MARGIN = 24;

/** One page: small header lines, a bold title (and name), detail lines, and the QR code of `secret`. */
export interface QrPage {
  header: string[];
  title: string;
  name?: string;
  lines: string[];
  secret: string;
}

/**
 * A PDF of A6 pages (fits a phone screen and prints on any paper), one per
 * ticket or pass: its texts and a QR code carrying its secret, which the
 * door scans (decision 0090). Built in memory; orders hold tens of pages.
 */
export async function renderQrPagesPdf(
  info: { title: string; author: string },
  pages: QrPage[],
): Promise<Buffer> {
  const codes = await Promise.all(
    pages.map((page) =>
      QRCode.toBuffer(page.secret, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 }),
    ),
  );
  const doc = new PDFDocument({
    size: A6,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A6[0] - 2 * MARGIN;
  pages.forEach((page, index) => {
    doc.addPage();
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    for (const line of page.header) doc.text(line, { width });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(page.title, { width });
    doc.moveDown(0.4);
    if (page.name) doc.font('Helvetica-Bold').fontSize(12).text(page.name, { width });
    doc.font('Helvetica').fontSize(10);
    for (const line of page.lines) doc.text(line, { width });
    const size = Math.min(width, 170);
    doc.image(codes[index]!, MARGIN + (width - size) / 2, A6[1] - MARGIN - size - 14, { width: size });
    doc
      .fontSize(7)
      .fillColor('#555555')
      .text(page.secret, MARGIN, A6[1] - MARGIN - 10, { width, align: 'center' });
  });
  doc.end();
  return done;
}
