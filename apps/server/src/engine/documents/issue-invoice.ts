import { addCalendarDays, calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoices, orders, organisations, type IssuedDocumentLine } from '../../db/schema.ts';
import { creditTicketLines } from './issue-credit-note.ts';
import { documentTexts } from './document-texts.ts';
import { documentNumber, nextDocumentNumber } from './document-numbers.ts';
import { issuedInvoice, type IssuedInvoice } from './invoice-store.ts';
import { rateOrderLines, type OrderVat, type RatedOrderLine } from './order-vat.ts';
import { addDocumentToSalesRollup } from './sales-rollup.ts';

export interface IssueInvoiceRequest {
  organisationId: number;
  orderId: number;
  issuedAt: Date;
}

/** A charge's words: the item, then what of it (audience, value). */
function chargeDescription(line: RatedOrderLine): string {
  return [line.title, line.detail].filter(Boolean).join(' – ');
}

/** The invoice's lines, frozen: every charge, then each rate's part of every reduction. */
export function issuedLines(rated: OrderVat, language: string): IssuedDocumentLine[] {
  const texts = documentTexts(language);
  const byId = new Map(rated.lines.map((line) => [line.orderLineId, line]));
  return rated.document.lines.map((line) => {
    const source = byId.get(line.ref)!;
    const description =
      line.kind === 'CHARGE'
        ? chargeDescription(source)
        : source.discount === 'SINGLE_PURPOSE_CREDIT'
          ? texts.singlePurposeCredit(source.code)
          : texts.discount(source.code);
    return {
      orderLineId: line.kind === 'CHARGE' ? line.ref : null,
      kind: line.kind,
      description,
      quantity: line.kind === 'CHARGE' ? source.quantity : 1,
      rateBp: line.rateBp,
      grossCents: line.grossCents,
      netCents: line.netCents,
      vatCents: line.vatCents,
      paidGrossCents: line.paidGrossCents,
      date: line.kind === 'CHARGE' ? source.date : null,
    };
  });
}

/**
 * Issues the order's invoice in the caller's transaction (the settlement,
 * or a booking confirmed at once), with the next gap-free number of the
 * shop's year (decision 0242): seller and buyer, the date of the visit and
 * of the invoice, every line with its rate, the totals per rate by the one
 * rule (decision 0240), and for an order on invoice its due date. Written
 * once: a second call answers the invoice already issued. Null when the
 * shop's catalogue declares no rates or no seller yet: no invoice claims a
 * VAT it does not know. The sales rollup adds it in the same transaction
 * (decision 0271).
 */
export async function issueInvoice(
  tx: Tx,
  request: IssueInvoiceRequest,
  options: { unlocked?: boolean; readModifyWrite?: boolean } = {},
): Promise<IssuedInvoice | null> {
  const existing = await issuedInvoice(tx, request.orderId);
  if (existing) return existing;
  const [row] = await tx
    .select({
      order: orders,
      seller: organisations.seller,
      timeZone: organisations.timeZone,
      currency: organisations.currency,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, request.orderId));
  if (!row || row.order.organisationId !== request.organisationId || !row.seller) return null;
  const { order } = row;
  const rated = await rateOrderLines(tx, order.id, order.language);
  if (!rated) return null;
  const issueDate = calendarDateAt(request.issuedAt, row.timeZone);
  const year = Number(issueDate.slice(0, 4));
  const visits = rated.lines.flatMap((line) => (line.date ? [line.date] : [])).sort();
  const lines = issuedLines(rated, order.language);
  // What was paid or is owed is the order's total; a rebooking's credit is what the gross leaves beside it.
  const payableCents = order.totalCents;
  const rebookCreditCents = Math.max(0, rated.document.grossCents - rated.voucherPaymentCents - payableCents);
  const customer = order.customer;
  // The number last: the counter row stays locked from here to the commit, as short as can be.
  const sequence = await nextDocumentNumber(tx, order.organisationId, 'INVOICE', year, options);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      organisationId: order.organisationId,
      orderId: order.id,
      number: documentNumber('INVOICE', year, sequence),
      year,
      sequence,
      issuedAt: request.issuedAt,
      issueDate,
      supplyDate: visits[0] ?? issueDate,
      dueDate: order.status === 'INVOICED' ? addCalendarDays(issueDate, row.seller.paymentDays) : null,
      language: order.language,
      currency: row.currency,
      seller: row.seller,
      buyer: {
        name: `${customer.first_name} ${customer.last_name}`.trim(),
        email: customer.email,
        company: customer.company || null,
        vatId: customer.vat_id || null,
        address: customer.address || null,
        city: customer.city || null,
      },
      orderReference: formatOrderReference(order.reference),
      lines,
      totals: rated.document.totals,
      grossCents: rated.document.grossCents,
      voucherPaymentCents: rated.voucherPaymentCents,
      rebookCreditCents,
      payableCents,
    })
    .returning();
  // The dashboard's sums, in this transaction: they count the invoice exactly when it exists (decision 0271).
  await addDocumentToSalesRollup(tx, 'INVOICE', invoice!.id, options);
  if (order.rebookOfOrderId !== null && rebookCreditCents > 0) {
    await creditReplacedOrder(tx, {
      organisationId: order.organisationId,
      oldOrderId: order.rebookOfOrderId,
      creditCents: rebookCreditCents,
      issuedAt: request.issuedAt,
    });
  }
  return invoice!;
}

/**
 * A rebooking's invoice carries its whole new booking, the old order's
 * credit as a payment (decision 0240); the old order's invoice then takes
 * back what that credit paid, with a credit note on its ticket lines
 * (decision 0249): invoices less credit notes stay what was paid. What the
 * credit did not use (a cheaper slot, not paid out) stays invoiced, as the
 * money stays with the shop — unless staff refund it (decision 0247), which
 * credits it with the refund.
 */
async function creditReplacedOrder(
  tx: Tx,
  request: { organisationId: number; oldOrderId: number; creditCents: number; issuedAt: Date },
): Promise<void> {
  await creditTicketLines(tx, {
    organisationId: request.organisationId,
    orderId: request.oldOrderId,
    refundId: null,
    cents: request.creditCents,
    issuedAt: request.issuedAt,
  });
}
