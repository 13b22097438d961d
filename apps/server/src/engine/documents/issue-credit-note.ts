import { clampCredit, lineVat, totalsPerRate } from '@kassa/domain/rules/vat';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  creditNotes,
  invoices,
  orderLines,
  organisations,
  type IssuedDocumentLine,
} from '../../db/schema.ts';
import { documentNumber, nextDocumentNumber } from './document-numbers.ts';
import { issuedInvoice, orderCreditNotes, type IssuedCreditNote } from './invoice-store.ts';
import { addDocumentToSalesRollup } from './sales-rollup.ts';

/** What a cancellation takes back (the refunds listener's event, so it registers directly). */
export interface CreditNoteRequest {
  organisationId: number;
  orderId: number;
  /** The refund it goes with; null when nothing is paid back (an invoice order's cancellation). */
  refundId: number | null;
  lines: { orderLineId: number; quantity: number; grossCents: number }[];
  issuedAt: Date;
}

/**
 * Issues a credit note for the order's invoice in the caller's transaction
 * (decision 0242): its own gap-free number sequence (CN-YYYY-NNNNN), every
 * line at the rate its invoice line carries, VAT by the one rule (decision
 * 0240), the totals per rate. The invoice row is locked, so two credit notes
 * of one invoice take turns, and each line is capped at what is left of it:
 * credit notes never exceed their invoice. Null when the order has no
 * invoice (never paid) or nothing is left to take back. The sales rollup
 * adds it in the same transaction (decision 0271).
 */
export async function issueCreditNote(
  tx: Tx,
  request: CreditNoteRequest,
  /** Tests only: the rollup's naive read-then-write (the race test's negative control). */
  options: { readModifyWrite?: boolean } = {},
): Promise<IssuedCreditNote | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, request.orderId))
    .for('update');
  if (!invoice || invoice.organisationId !== request.organisationId) return null;
  const earlier = await orderCreditNotes(tx, request.orderId);
  const charges = invoice.lines.filter((line) => line.kind === 'CHARGE' && line.orderLineId !== null);
  const granted = clampCredit(
    charges.map((line) => ({
      ref: line.orderLineId!,
      quantity: line.quantity,
      paidGrossCents: line.paidGrossCents,
    })),
    earlier.flatMap((note) =>
      note.lines.map((line) => ({
        ref: line.orderLineId!,
        quantity: line.quantity,
        grossCents: line.grossCents,
      })),
    ),
    request.lines.map((line) => ({
      ref: line.orderLineId,
      quantity: line.quantity,
      grossCents: line.grossCents,
    })),
  );
  granted.push(...(await feeShares(tx, charges, earlier, request, granted)));
  if (granted.every((line) => line.grossCents === 0)) return null;
  const lines: IssuedDocumentLine[] = granted.map((line) => {
    const source = charges.find((charge) => charge.orderLineId === line.ref)!;
    return {
      orderLineId: line.ref,
      kind: 'CHARGE',
      description: source.description,
      quantity: line.quantity,
      rateBp: source.rateBp,
      ...lineVat(line.grossCents, source.rateBp),
      paidGrossCents: line.grossCents,
      date: source.date,
    };
  });
  const totals = totalsPerRate(lines);
  const [organisation] = await tx
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, request.organisationId));
  const issueDate = calendarDateAt(request.issuedAt, organisation?.timeZone ?? 'UTC');
  const year = Number(issueDate.slice(0, 4));
  const sequence = await nextDocumentNumber(tx, request.organisationId, 'CREDIT_NOTE', year);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      organisationId: request.organisationId,
      invoiceId: invoice.id,
      orderId: request.orderId,
      refundId: request.refundId,
      number: documentNumber('CREDIT_NOTE', year, sequence),
      year,
      sequence,
      issuedAt: request.issuedAt,
      issueDate,
      lines,
      totals,
      grossCents: totals.reduce((sum, total) => sum + total.grossCents, 0),
    })
    .returning();
  // The dashboard's sums, in this transaction: they count the credit note exactly when it exists (decision 0271).
  await addDocumentToSalesRollup(tx, 'CREDIT_NOTE', note!.id, options);
  return note!;
}

/**
 * Credits an amount, not lines, on the order's invoice in the caller's
 * transaction: spread over its ticket lines in order (never its fees, which
 * no booking credit covers), each up to what earlier credit notes left of
 * it, a line's units going with the credit that empties it. The one place
 * for a credit of money without cancelled lines: what a rebooking's credit
 * paid of the new booking (decision 0249) and the difference refunded when
 * staff move a booking to a cheaper time (decision 0247, with its refund).
 * Null when there is no invoice or nothing left to take back.
 */
export async function creditTicketLines(
  tx: Tx,
  request: {
    organisationId: number;
    orderId: number;
    refundId: number | null;
    cents: number;
    issuedAt: Date;
  },
): Promise<IssuedCreditNote | null> {
  if (request.cents <= 0) return null;
  const invoice = await issuedInvoice(tx, request.orderId);
  if (!invoice || invoice.organisationId !== request.organisationId) return null;
  const ids = invoice.lines.flatMap((line) =>
    line.kind === 'CHARGE' && line.orderLineId !== null ? [line.orderLineId] : [],
  );
  if (ids.length === 0) return null;
  const fees = new Set(
    (
      await tx
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(inArray(orderLines.id, ids), eq(orderLines.kind, 'ADDITION')))
    ).map((row) => row.id),
  );
  const earlier = (await orderCreditNotes(tx, request.orderId)).flatMap((note) => note.lines);
  let left = request.cents;
  const lines: CreditNoteRequest['lines'] = [];
  for (const line of invoice.lines) {
    if (line.kind !== 'CHARGE' || line.orderLineId === null || fees.has(line.orderLineId) || left <= 0)
      continue;
    const before = earlier.filter((credit) => credit.orderLineId === line.orderLineId);
    const leftCents = line.paidGrossCents - before.reduce((sum, credit) => sum + credit.grossCents, 0);
    const leftUnits = line.quantity - before.reduce((sum, credit) => sum + credit.quantity, 0);
    const grossCents = Math.min(left, leftCents);
    if (grossCents <= 0) continue;
    lines.push({
      orderLineId: line.orderLineId,
      quantity: grossCents === leftCents ? leftUnits : 0,
      grossCents,
    });
    left -= grossCents;
  }
  if (lines.length === 0) return null;
  return issueCreditNote(tx, {
    organisationId: request.organisationId,
    orderId: request.orderId,
    refundId: request.refundId,
    lines,
    issuedAt: request.issuedAt,
  });
}

type Credit = { ref: number; quantity: number; grossCents: number };

/**
 * A refund's share of each cancelled line includes its part of the order's
 * fees (decision 0235), which the invoice prints as lines of their own: what
 * a line cannot take is credited on the fee lines, up to what is left of
 * each, and a fee line's unit goes with the credit that empties it. So the
 * credit note always equals the refund it goes with, within the invoice.
 */
async function feeShares(
  tx: Tx,
  charges: readonly IssuedDocumentLine[],
  earlier: readonly IssuedCreditNote[],
  request: CreditNoteRequest,
  granted: readonly Credit[],
): Promise<Credit[]> {
  let overflow =
    request.lines.reduce((sum, line) => sum + line.grossCents, 0) -
    granted.reduce((sum, line) => sum + line.grossCents, 0);
  const ids = charges.map((line) => line.orderLineId!);
  if (overflow <= 0 || ids.length === 0) return [];
  const fees = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(inArray(orderLines.id, ids), eq(orderLines.kind, 'ADDITION')));
  const credited = [
    ...earlier.flatMap((note) => note.lines),
    ...granted.map((line) => ({ ...line, orderLineId: line.ref })),
  ];
  const result: Credit[] = [];
  for (const fee of fees) {
    const line = charges.find((charge) => charge.orderLineId === fee.id)!;
    const before = credited.filter((credit) => credit.orderLineId === fee.id);
    const leftCents = line.paidGrossCents - before.reduce((sum, credit) => sum + credit.grossCents, 0);
    const leftUnits = line.quantity - before.reduce((sum, credit) => sum + credit.quantity, 0);
    const cents = Math.min(overflow, leftCents);
    if (cents <= 0) continue;
    result.push({ ref: fee.id, quantity: cents === leftCents ? leftUnits : 0, grossCents: cents });
    overflow -= cents;
  }
  return result;
}
