import type { OrderCustomer } from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import type { OrderDraft } from '../booking/book-order.ts';
import type { NewOrderLine } from '../pricing/order-lines.ts';
import type { Organisation } from '../../lib/context.ts';
import type { OrderKindSteps, OrderQuote } from '../order-kind.ts';
import type { PricedOrder } from '../pricing/order-pricing.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface DraftInput {
  /** The order's kind, with the steps its booking runs (fulfilment, a reservation's). */
  steps: OrderKindSteps;
  organisation: Organisation;
  quote: OrderQuote;
  customer: OrderCustomer;
  idempotencyKey: string | null;
  /** The request's fingerprint, stored with the key (idempotency.ts). */
  idempotencyFingerprint: string | null;
  now: Date;
  /** The gateway a payment is written with (the shop's); asked only when the order has something to pay. */
  paymentGateway: () => string;
  /** The shop's public address, for links in the mails of an order confirmed at once. */
  baseUrl: string;
}

/**
 * What an order is when booked: reserved on request; on invoice (a client
 * allowed to) INVOICED; with nothing to pay online PAID; else PENDING.
 */
function draftStatus(quote: OrderQuote): OrderDraft['status'] {
  if (quote.action === 'reserve') return 'RESERVED';
  if (quote.onInvoice) return 'INVOICED';
  return quote.totals.totalCents === 0 ? 'PAID' : 'PENDING';
}

/**
 * Order lines of a priced order, any kind: per item what it buys, its
 * coupon discount, and a DISCOUNT line per voucher whose credit paid for it
 * (so an expiring order can give that credit back); the additions on the
 * first item.
 */
export function pricedLines(priced: PricedOrder): NewOrderLine[] {
  const lines: NewOrderLine[] = [];
  priced.items.forEach((item, index) => {
    for (const line of item.lines) lines.push({ itemIndex: index, ...line });
    const discount = priced.couponDiscounts[index] ?? 0;
    if (discount > 0) {
      lines.push({
        itemIndex: index,
        kind: 'DISCOUNT',
        productId: item.productId,
        quantity: 1,
        unitPriceCents: discount,
        totalCents: discount,
      });
    }
  });
  for (const credit of priced.voucherCredits) {
    lines.push({
      itemIndex: credit.itemIndex,
      kind: 'DISCOUNT',
      issuedVoucherId: credit.voucherId,
      quantity: 1,
      unitPriceCents: credit.cents,
      totalCents: credit.cents,
    });
  }
  for (const addition of priced.additions) {
    lines.push({
      itemIndex: 0,
      kind: 'ADDITION',
      quantity: 1,
      unitPriceCents: addition.amountCents,
      totalCents: addition.amountCents,
    });
  }
  return lines;
}

/**
 * Decides what the order writes, whatever its kind. Reserved orders hold
 * until the reservation expires (organisation.reservationDays); unpaid ones
 * until now + organisation.holdMinutes; orders with nothing to pay online
 * are paid (or invoiced) at once, hold for good and are fulfilled in the
 * booking (an invoiced one only when the shop issues invoice tickets at once).
 */
export function orderDraft(input: DraftInput): OrderDraft {
  const { organisation, quote, now } = input;
  const status = draftStatus(quote);
  const fulfilNow = status === 'PAID' || (status === 'INVOICED' && organisation.invoiceTickets);
  const expiresAt =
    status === 'RESERVED'
      ? new Date(now.getTime() + organisation.reservationDays * DAY)
      : status === 'PENDING'
        ? new Date(now.getTime() + organisation.holdMinutes * MINUTE)
        : null;
  return {
    kind: input.steps.kind,
    steps: input.steps,
    organisationId: organisation.id,
    hash: secretToken(),
    status,
    clientId: quote.clientId,
    customer: input.customer,
    language: quote.language,
    enrichment: quote.enrichment,
    totals: quote.totals,
    onInvoice: quote.onInvoice,
    couponCodes: quote.codes.codes,
    expiresAt,
    idempotencyKey: input.idempotencyKey,
    idempotencyFingerprint: input.idempotencyFingerprint,
    lines: quote.lines,
    coupon: quote.codes.coupon ? { id: quote.codes.coupon.id, code: quote.codes.coupon.code } : null,
    voucherUses: quote.voucherUses,
    booking: quote.booking,
    // Holding at once (nothing to pay, or a reservation for a reservation) moves the old booking now (0040).
    rebook: quote.rebook
      ? {
          oldOrderId: quote.rebook.oldOrderId,
          oldStatus: quote.rebook.oldStatus,
          creditCents: quote.rebook.creditCents,
          moveNow: status !== 'PENDING',
        }
      : null,
    reservation:
      status === 'RESERVED' ? { hash: secretToken(), expiresAt: expiresAt!, baseUrl: input.baseUrl } : null,
    payment:
      status === 'PENDING'
        ? {
            hash: secretToken(),
            gateway: input.paymentGateway(),
            amountCents: quote.totals.totalCents,
            currency: organisation.currency,
          }
        : null,
    fulfil: fulfilNow ? { baseUrl: input.baseUrl } : null,
  };
}
