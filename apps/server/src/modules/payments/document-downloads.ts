import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { creditNotes, organisations } from '../../db/schema.ts';
import { renderCreditNotePdf, renderInvoicePdf } from '../../engine/documents/document-pdf.ts';
import { issuedInvoice } from '../../engine/documents/invoice-store.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';

async function dateFormatOf(db: Db, organisationId: number): Promise<string> {
  const [row] = await db
    .select({ dateFormat: organisations.dateFormat })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.dateFormat ?? 'DD-MM-YYYY';
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
  const pdf = await renderInvoicePdf(invoice, await dateFormatOf(db, order.organisationId));
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
  const pdf = await renderCreditNotePdf(note, invoice, await dateFormatOf(db, order.organisationId));
  return sendPdf(reply, `credit-note-${note.number}.pdf`, pdf);
}
