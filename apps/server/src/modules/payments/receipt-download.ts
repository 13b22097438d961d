import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadOrderReceipt } from '../../tickets/order-receipt.ts';
import { receiptFileName, renderReceiptPdf } from '../../tickets/receipt-pdf.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';

/** A receipt is a record of what was paid (or invoiced): none before. */
export function hasReceipt(order: Pick<OrderRow, 'status' | 'paidAt'>): boolean {
  return order.status === 'INVOICED' || order.paidAt !== null;
}

/** GET /api/orders/{hash}/receipt.pdf: the order's receipt on its own, any kind of order (decision 0186). */
export async function sendReceiptPdf(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  const receipt = hasReceipt(order) ? await loadOrderReceipt(db, order.id, order.language) : null;
  if (!receipt) throw paymentErrors.receiptNotAvailable();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${receiptFileName(order.reference)}"`)
    .header('cache-control', 'private, no-store')
    .send(await renderReceiptPdf(receipt, order.language));
}
