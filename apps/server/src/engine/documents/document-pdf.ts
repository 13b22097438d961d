import { shopDate } from '@kassa/domain/rules/shop-date';
import { vatLabel } from '@kassa/domain/rules/vat';
import PDFDocument from 'pdfkit';
import type { IssuedDocumentLine, IssuedRateTotal } from '../../db/schema.ts';
import { documentTexts } from './document-texts.ts';
import type { IssuedCreditNote, IssuedInvoice } from './invoice-store.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** The standard PDF fonts speak WinAnsi: Intl's narrow spaces and the minus sign would print as junk. */
function printable(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\u2212/g, '-');
}

function money(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** What one document prints: an invoice, or a credit note with the invoice it refers to. */
interface PrintedDocument {
  title: string;
  number: string;
  meta: [string, string][];
  invoice: IssuedInvoice;
  lines: IssuedDocumentLine[];
  totals: IssuedRateTotal[];
  /** Rows under the totals: payments, what is to pay. */
  closing: [string, string][];
  bank: boolean;
}

function rateText(rateBp: number | null, language: string, notSubject: string): string {
  return rateBp === null ? notSubject : vatLabel(rateBp, language);
}

async function renderDocument(doc: PrintedDocument, dateFormat: string): Promise<Buffer> {
  const { invoice } = doc;
  const language = invoice.language;
  const texts = documentTexts(language);
  const amount = (cents: number) => printable(money(cents, invoice.currency, language));
  const pdf = new PDFDocument({
    size: A4,
    margin: MARGIN,
    info: { Title: `${doc.title} ${doc.number}`, Author: invoice.seller.legalName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = A4[0] - 2 * MARGIN;
  const half = width / 2 - 10;
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(printable(`${doc.title} ${doc.number}`), MARGIN, MARGIN);
  pdf.moveDown(0.8);
  const top = pdf.y;
  const block = (x: number, heading: string, lines: (string | null)[]) => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#555555')
      .text(printable(heading), x, top, { width: half });
    pdf.font('Helvetica').fontSize(10).fillColor('#000000');
    for (const line of lines) if (line) pdf.text(printable(line), x, pdf.y, { width: half });
    return pdf.y;
  };
  const { seller, buyer } = invoice;
  const sellerEnd = block(MARGIN, texts.seller, [
    seller.legalName,
    ...seller.address.split('\n'),
    seller.vatId ? `${texts.vatId}: ${seller.vatId}` : null,
    seller.registration ? `${texts.registration}: ${seller.registration}` : null,
  ]);
  const buyerEnd = block(MARGIN + width / 2 + 10, texts.buyer, [
    buyer.company,
    buyer.name,
    buyer.address,
    buyer.city,
    buyer.email,
    buyer.vatId ? `${texts.vatId}: ${buyer.vatId}` : null,
  ]);
  pdf.y = Math.max(sellerEnd, buyerEnd) + 14;
  pdf.font('Helvetica').fontSize(10);
  for (const [label, value] of doc.meta) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').text(printable(label), MARGIN, y, { width: 140 });
    pdf.font('Helvetica').text(printable(value), MARGIN + 150, y, { width: width - 150 });
  }
  pdf.moveDown(1);
  // The lines: description, quantity, rate, net, VAT, gross.
  const columns = [
    { x: MARGIN, w: 200, align: 'left' as const },
    { x: MARGIN + 205, w: 35, align: 'right' as const },
    { x: MARGIN + 245, w: 70, align: 'right' as const },
    { x: MARGIN + 320, w: 60, align: 'right' as const },
    { x: MARGIN + 385, w: 50, align: 'right' as const },
    { x: MARGIN + 440, w: width - 440, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      pdf.text(printable(cell), column.x, y, { width: column.w, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 3;
  };
  row([texts.description, texts.quantity, texts.rate, texts.net, texts.vat, texts.gross], true);
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + width, pdf.y)
    .strokeColor('#999999')
    .stroke();
  pdf.y += 4;
  for (const line of doc.lines) {
    const date = line.date ? ` (${shopDate(line.date, language, dateFormat)})` : '';
    row([
      `${line.description}${date}`,
      String(line.quantity),
      rateText(line.rateBp, language, texts.notSubject),
      amount(line.netCents),
      amount(line.vatCents),
      amount(line.grossCents),
    ]);
  }
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + width, pdf.y)
    .stroke();
  pdf.y += 6;
  for (const total of doc.totals)
    row([
      '',
      '',
      rateText(total.rateBp, language, texts.notSubject),
      amount(total.netCents),
      amount(total.vatCents),
      amount(total.grossCents),
    ]);
  const sum = (key: 'netCents' | 'vatCents' | 'grossCents') => doc.totals.reduce((s, t) => s + t[key], 0);
  pdf.y += 4;
  const summary: [string, string][] = [
    [texts.totalNet, amount(sum('netCents'))],
    ...doc.totals
      .filter((total) => total.rateBp !== null)
      .map((total): [string, string] => [vatLabel(total.rateBp!, language), amount(total.vatCents)]),
    [texts.totalGross, amount(sum('grossCents'))],
    ...doc.closing,
  ];
  for (const [label, value] of summary) {
    const y = pdf.y;
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(printable(label), MARGIN + 245, y, { width: 170 });
    pdf.text(printable(value), MARGIN + 420, y, { width: width - 420, align: 'right' });
  }
  if (doc.bank && seller.bank) {
    pdf.moveDown(1.2);
    pdf.font('Helvetica-Bold').fontSize(10).text(printable(texts.payTo), MARGIN, pdf.y, { width });
    pdf.font('Helvetica');
    for (const line of [
      seller.bank.holder ?? seller.legalName,
      `IBAN ${seller.bank.iban}`,
      seller.bank.bic ? `BIC ${seller.bank.bic}` : null,
    ])
      if (line) pdf.text(printable(line), MARGIN, pdf.y, { width });
    pdf.text(printable(`${texts.order} ${invoice.orderReference} / ${invoice.number}`), MARGIN, pdf.y, {
      width,
    });
  }
  pdf.end();
  return done;
}

/** An issued invoice as PDF, in the order's language, printed from what was issued (decision 0242). */
export function renderInvoicePdf(invoice: IssuedInvoice, dateFormat: string): Promise<Buffer> {
  const texts = documentTexts(invoice.language);
  const date = (value: string) => shopDate(value, invoice.language, dateFormat);
  const amount = (cents: number) => printable(money(cents, invoice.currency, invoice.language));
  const closing: [string, string][] = [];
  if (invoice.voucherPaymentCents > 0)
    closing.push([texts.giftCardPayment, `- ${amount(invoice.voucherPaymentCents)}`]);
  if (invoice.rebookCreditCents > 0)
    closing.push([texts.rebookCredit, `- ${amount(invoice.rebookCreditCents)}`]);
  closing.push([invoice.dueDate ? texts.toPay : texts.paid, amount(invoice.payableCents)]);
  return renderDocument(
    {
      title: texts.invoice,
      number: invoice.number,
      meta: [
        [texts.invoiceDate, date(invoice.issueDate)],
        [texts.supplyDate, date(invoice.supplyDate)],
        ...(invoice.dueDate ? [[texts.dueDate, date(invoice.dueDate)] as [string, string]] : []),
        [texts.order, invoice.orderReference],
      ],
      invoice,
      lines: invoice.lines,
      totals: invoice.totals,
      closing,
      bank: invoice.dueDate !== null,
    },
    dateFormat,
  );
}

/** A credit note as PDF: what it takes back, by rate, and the invoice it refers to (decision 0242). */
export function renderCreditNotePdf(
  note: IssuedCreditNote,
  invoice: IssuedInvoice,
  dateFormat: string,
): Promise<Buffer> {
  const texts = documentTexts(invoice.language);
  const date = (value: string) => shopDate(value, invoice.language, dateFormat);
  const amount = (cents: number) => printable(money(cents, invoice.currency, invoice.language));
  return renderDocument(
    {
      title: texts.creditNote,
      number: note.number,
      meta: [
        [texts.creditNoteDate, date(note.issueDate)],
        [texts.refersTo, `${invoice.number} (${date(invoice.issueDate)})`],
        [texts.supplyDate, date(invoice.supplyDate)],
        [texts.order, invoice.orderReference],
      ],
      invoice,
      lines: note.lines,
      totals: note.totals,
      closing: [[texts.creditTotal, amount(note.grossCents)]],
      bank: false,
    },
    dateFormat,
  );
}
