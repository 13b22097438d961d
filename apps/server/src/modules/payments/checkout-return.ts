import { calendarIcsPath, loadOrderVisits } from '../../tickets/order-calendar.ts';
import type { CheckoutReturn, ReturnStatus } from '@kassa/domain/contract/payment';
import { centsToAmount } from '@kassa/domain/rules/money';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issuedVouchers, organisations, payments } from '../../db/schema.ts';
import { ticketCount } from '../../tickets/issue-tickets.ts';
import { loadOrderReceipt, type OrderReceipt } from '../../tickets/order-receipt.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { isPayable } from '../../engine/hand-off/open-payment.ts';
import { passCount } from './passes-download.ts';
import { issuedInvoice, orderCreditNotes } from '../../engine/documents/invoice-store.ts';
import {
  creditNotePdfPath,
  creditNoteXmlPath,
  giftCardsPdfPath,
  invoicePdfPath,
  invoiceXmlPath,
  passesPdfPath,
  receiptPdfPath,
  ticketsPdfPath,
} from '../../engine/hand-off/payment-paths.ts';
import { hasReceipt } from './receipt-download.ts';
import { eInvoiceRefusal } from '../../engine/documents/e-invoice.ts';

/**
 * An unpaid order's state in words: the hold lapsing makes it EXPIRED even
 * before the sweeper runs; otherwise the last payment tells whether the
 * gateway has said no (FAILED, CANCELLED) or nothing yet (PENDING).
 */
function returnStatus(order: OrderRow, lastPayment: string | undefined, now: Date): ReturnStatus {
  if (order.status !== 'PENDING') return order.status;
  if (order.expiresAt !== null && order.expiresAt <= now) return 'EXPIRED';
  if (lastPayment === 'FAILED') return 'FAILED';
  if (lastPayment === 'CANCELLED' || lastPayment === 'EXPIRED') return 'CANCELLED';
  return 'PENDING';
}

async function issuedCount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(issuedVouchers)
    .where(eq(issuedVouchers.orderId, orderId));
  return row?.count ?? 0;
}

/** The invoice and credit notes the order has (decision 0242): links only to what is issued. */
async function documentLinks(db: Db, order: OrderRow) {
  const [invoice, notes] = await Promise.all([issuedInvoice(db, order.id), orderCreditNotes(db, order.id)]);
  const [shop] = invoice
    ? await db
        .select({ email: organisations.email })
        .from(organisations)
        .where(eq(organisations.id, order.organisationId))
    : [];
  // An e-invoice only for an order of a company (decision 0244).
  const eInvoice = invoice !== null && eInvoiceRefusal(invoice, shop?.email ?? null) === null;
  return {
    invoiceUrl: invoice ? invoicePdfPath(order.hash) : null,
    eInvoiceUrl: eInvoice ? invoiceXmlPath(order.hash) : null,
    creditNotes: notes.map((note) => ({
      number: note.number,
      url: creditNotePdfPath(order.hash, note.number),
      ...(eInvoice ? { eInvoiceUrl: creditNoteXmlPath(order.hash, note.number) } : {}),
    })),
  };
}

/** The receipt on the wire: amounts as decimals. */
function receiptAnswer(receipt: OrderReceipt): NonNullable<CheckoutReturn['order']['receipt']> {
  return {
    reference: receipt.reference,
    kind: receipt.kind,
    renewal: receipt.renewal,
    items: receipt.items.map((item) => ({
      title: item.title,
      date: item.date,
      time: item.time,
      lines: item.lines.map((line) => ({
        kind: line.kind,
        label: line.label,
        quantity: line.quantity,
        amount: centsToAmount(line.totalCents),
      })),
    })),
    discounts: receipt.discounts.map((discount) => ({
      kind: discount.kind,
      code: discount.code,
      amount: centsToAmount(discount.totalCents),
    })),
    additions: receipt.additions.map((addition) => ({
      label: addition.label,
      amount: centsToAmount(addition.totalCents),
    })),
    fee_note: receipt.feeNote,
    credit: centsToAmount(receipt.creditCents),
    total: centsToAmount(receipt.totalCents),
    total_kind: receipt.totalKind,
    vat: receipt.vat.map((total) => ({
      rate: total.rateBp === null ? null : total.rateBp / 100,
      net: centsToAmount(total.netCents),
      vat: centsToAmount(total.vatCents),
      gross: centsToAmount(total.grossCents),
    })),
    venue: receipt.venue,
  };
}

/** The receipt's items as the return page's short list: title, day, time and how many. */
function itemsOf(receipt: OrderReceipt): CheckoutReturn['order']['items'] {
  return receipt.items.map((item) => ({
    title: item.title,
    date: item.date,
    time: item.time,
    quantity: item.lines
      .filter((line) => line.kind === 'TICKET' || line.kind === 'PASS' || line.kind === 'GIFT_CARD')
      .reduce((sum, line) => sum + line.quantity, 0),
  }));
}

async function hasDatedVisit(db: Db, orderId: number): Promise<boolean> {
  return ((await loadOrderVisits(db, orderId))?.visits.length ?? 0) > 0;
}

/**
 * What the return page shows for an order (GET /api/orders/{hash}/status):
 * its state, the receipt (one model for every kind, decision 0186) and the
 * documents the order has to download.
 */
export async function checkoutReturn(db: Db, order: OrderRow, now: Date): Promise<CheckoutReturn> {
  const [[organisation], [lastPayment], receipt] = await Promise.all([
    db
      .select({ currency: organisations.currency })
      .from(organisations)
      .where(eq(organisations.id, order.organisationId)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1),
    loadOrderReceipt(db, order.id, order.language),
  ]);
  const status = returnStatus(order, lastPayment?.status, now);
  // An invoiced order has tickets when the shop issues them at once.
  const hasTickets =
    order.kind === 'PRODUCT' &&
    (status === 'PAID' || (status === 'INVOICED' && (await ticketCount(db, order.id)) > 0));
  const hasGiftCards = order.kind === 'VOUCHER' && (await issuedCount(db, order.id)) > 0;
  const hasPasses = order.kind === 'SUBSCRIPTION' && status === 'PAID' && (await passCount(db, order.id)) > 0;
  return {
    status,
    order: {
      reference: order.reference,
      total: centsToAmount(order.totalCents),
      currency: organisation?.currency ?? 'EUR',
      email: order.customer.email,
      items: receipt ? itemsOf(receipt) : [],
      ...(receipt ? { receipt: receiptAnswer(receipt) } : {}),
    },
    canPayAgain: (status === 'FAILED' || status === 'CANCELLED') && isPayable(order, now),
    ticketsUrl: hasTickets ? ticketsPdfPath(order.hash) : null,
    giftCardsUrl: hasGiftCards ? giftCardsPdfPath(order.hash) : null,
    passesUrl: hasPasses ? passesPdfPath(order.hash) : null,
    receiptUrl: receipt && hasReceipt(order) ? receiptPdfPath(order.hash) : null,
    calendarUrl: hasTickets && (await hasDatedVisit(db, order.id)) ? calendarIcsPath(order.hash) : null,
    ...(await documentLinks(db, order)),
    holdExpiresAt: order.expiresAt === null || status === 'PAID' ? null : order.expiresAt.toISOString(),
    openPayment:
      status === 'PENDING' && lastPayment?.status === 'OPEN' && lastPayment.response
        ? {
            gateway: lastPayment.gateway,
            type: lastPayment.type,
            hash: lastPayment.hash,
            transaction: { response: lastPayment.response },
          }
        : null,
  };
}
