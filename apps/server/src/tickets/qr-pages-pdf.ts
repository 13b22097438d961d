import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const A6: [number, number] = [297.64, 419.53];
const MARGIN = 24;
const BAND = 34;
const DEFAULT_ACCENT = '#333333';

/** A row with an amount on the right (a receipt line); `strong` for the total. */
export interface AmountRow {
  label: string;
  amount: string;
  strong?: boolean;
}

/**
 * One page: the shop's name in its colour, small header lines, a bold
 * title (and name), detail lines, amount rows, and — for a ticket or pass —
 * the QR code of `secret`. A page without a secret is a receipt.
 */
export interface QrPage {
  header: string[];
  title: string;
  name?: string;
  lines: string[];
  rows?: AmountRow[];
  secret?: string;
}

/**
 * The standard PDF fonts speak WinAnsi: the narrow and no-break spaces that
 * Intl puts in money and dates ("12,50 €" in French) would print as junk,
 * and so would the minus sign (printed as an en dash).
 */
function printable(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\u2212/g, '–');
}

/** Black or white, whichever reads on the colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * A PDF of A6 pages (fits a phone screen and prints on any paper), one per
 * ticket or pass: a band in the shop's theme colour with its name, the
 * texts, and a QR code carrying the secret, which the door scans (decision
 * 0090). Built in memory; orders hold tens of pages.
 */
export async function renderQrPagesPdf(
  info: { title: string; author: string; shop?: string; accent?: string | null },
  pages: QrPage[],
): Promise<Buffer> {
  const codes = await Promise.all(
    pages.map((page) =>
      page.secret
        ? QRCode.toBuffer(page.secret, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 })
        : null,
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
  const accent = info.accent ?? DEFAULT_ACCENT;
  pages.forEach((page, index) => {
    doc.addPage();
    doc.rect(0, 0, A6[0], BAND).fill(accent);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(inkOn(accent))
      .text(printable(info.shop ?? info.author), MARGIN, 11, { width, lineBreak: false, ellipsis: true });
    doc.x = MARGIN;
    doc.y = BAND + 10;
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    for (const line of page.header) doc.text(printable(line), { width });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(15).fillColor(accent).text(printable(page.title), { width });
    doc.moveDown(0.4);
    doc.fillColor('#000000');
    if (page.name) doc.font('Helvetica-Bold').fontSize(12).text(printable(page.name), { width });
    doc.font('Helvetica').fontSize(10);
    for (const line of page.lines) doc.text(printable(line), { width });
    if (page.rows?.length) {
      doc.moveDown(0.5);
      for (const row of page.rows) {
        if (!row.amount) {
          // A heading row (an item's name and day) spans the page.
          doc
            .moveDown(0.3)
            .font('Helvetica-Bold')
            .fontSize(10)
            .text(printable(row.label), MARGIN, doc.y, { width });
          continue;
        }
        if (row.strong) doc.moveDown(0.3);
        doc.font(row.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(row.strong ? 11 : 10);
        const y = doc.y;
        doc.text(printable(row.amount), MARGIN, y, { width, align: 'right' });
        doc.text(printable(row.label), MARGIN, y, { width: width - 70 });
        doc.x = MARGIN;
      }
    }
    const code = codes[index];
    if (code && page.secret) {
      const size = Math.min(width, 170);
      doc.image(code, MARGIN + (width - size) / 2, A6[1] - MARGIN - size - 14, { width: size });
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#444444')
        .text(page.secret, MARGIN, A6[1] - MARGIN - 10, { width, align: 'center' });
    }
  });
  doc.end();
  return done;
}
