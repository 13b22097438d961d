import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { creditNotes, organisations } from '../../db/schema.ts';
import { renderCreditNotePdf, renderInvoicePdf } from '../../engine/documents/document-pdf.ts';
import { creditNoteData, eInvoiceRefusal, invoiceData, renderUbl } from '../../engine/documents/e-invoice.ts';
import { issuedInvoice } from '../../engine/documents/invoice-store.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';

async function shopOf(db: Db, organisationId: number) {
  const [row] = await db
    .select({ dateFormat: organisations.dateFormat, email: organisations.email })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { dateFormat: row?.dateFormat ?? 'DD-MM-YYYY', email: row?.email ?? null };
}

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** GET /api/orders/{hash}/invoice.pdf: the invoice as issued; 409 before the order is paid or invoiced (decision 0242). */
export async function sendInvoicePdf(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  const invoice = await issuedInvoice(db, order.id);
  if (!invoice) throw paymentErrors.invoiceNotAvailable();
  const pdf = await renderInvoicePdf(invoice, (await shopOf(db, order.organisationId)).dateFormat);
  return sendPdf(reply, `invoice-${invoice.number}.pdf`, pdf);
}

/** GET /api/orders/{hash}/credit-notes/{number}.pdf: one of the order's credit notes (decision 0242). */
export async function sendCreditNotePdf(
  db: Db,
  order: OrderRow,
  number: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, number)));
  const invoice = note ? await issuedInvoice(db, order.id) : null;
  if (!note || !invoice) throw paymentErrors.creditNoteNotFound();
  const pdf = await renderCreditNotePdf(note, invoice, (await shopOf(db, order.organisationId)).dateFormat);
  return sendPdf(reply, `credit-note-${note.number}.pdf`, pdf);
}

function sendXml(reply: FastifyReply, fileName: string, xml: string): FastifyReply {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(xml);
}

/** GET /api/orders/{hash}/invoice.xml: the invoice as an EN 16931 e-invoice (UBL), for a company's order (decision 0244). */
export async function sendInvoiceXml(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  const invoice = await issuedInvoice(db, order.id);
  if (!invoice) throw paymentErrors.invoiceNotAvailable();
  const { email } = await shopOf(db, order.organisationId);
  const refusal = eInvoiceRefusal(invoice, email);
  if (refusal) throw paymentErrors.eInvoiceNotAvailable(refusal);
  return sendXml(reply, `invoice-${invoice.number}.xml`, await renderUbl(invoiceData(invoice, email)));
}

/** GET /api/orders/{hash}/credit-notes/{number}.xml: a credit note as an EN 16931 e-invoice (UBL CreditNote). */
export async function sendCreditNoteXml(
  db: Db,
  order: OrderRow,
  number: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, number)));
  const invoice = note ? await issuedInvoice(db, order.id) : null;
  if (!note || !invoice) throw paymentErrors.creditNoteNotFound();
  const { email } = await shopOf(db, order.organisationId);
  const refusal = eInvoiceRefusal(invoice, email);
  if (refusal) throw paymentErrors.eInvoiceNotAvailable(refusal);
  return sendXml(
    reply,
    `credit-note-${note.number}.xml`,
    await renderUbl(creditNoteData(note, invoice, email)),
  );
}
