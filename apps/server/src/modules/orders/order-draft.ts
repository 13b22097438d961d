import type { OrderCustomer } from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import type { NewOrderLine, OrderDraft } from './book-order.ts';
import type { Organisation } from '../../lib/context.ts';
import type { RebookPlan } from '../rebook/plan-rebooking.ts';
import type { OrderCodes } from './order-codes.ts';
import type { PricedOrder } from './order-pricing.ts';
import { itemLabel } from './price-items.ts';
import type { Redemption } from './subscription-redemption.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface DraftInput {
  organisation: Organisation;
  priced: PricedOrder;
  codes: OrderCodes;
  action: 'pay' | 'reserve';
  customer: OrderCustomer;
  clientId: number | null;
  language: string;
  idempotencyKey: string | null;
  /** The request's fingerprint, stored with the key (idempotency.ts). */
  idempotencyFingerprint: string | null;
  redemptions: Redemption[];
  rebook: RebookPlan | null;
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
function draftStatus(input: DraftInput): OrderDraft['status'] {
  if (input.action === 'reserve') return 'RESERVED';
  if (input.priced.onInvoice) return 'INVOICED';
  return input.priced.totals.totalCents === 0 ? 'PAID' : 'PENDING';
}

/**
 * Order lines: per item its tickets and upsells, its coupon discount, and a
 * DISCOUNT line per voucher whose credit paid for it (so an expiring order
 * can give that credit back); the additions on the first item.
 */
function draftLines(priced: PricedOrder): NewOrderLine[] {
  const lines: NewOrderLine[] = [];
  priced.items.forEach((item, index) => {
    for (const line of item.lines) lines.push({ itemIndex: index, ...line });
    const discount = priced.couponDiscounts[index] ?? 0;
    if (discount > 0) {
      lines.push({
        itemIndex: index,
        kind: 'DISCOUNT',
        productId: item.product.id,
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
 * Decides what the order writes. Reserved orders hold their seats until the
 * reservation expires (organisation.reservationDays); unpaid ones until
 * now + organisation.holdMinutes; orders with nothing to pay online are paid
 * (or invoiced) at once, hold for good and are fulfilled in the booking
 * (an invoiced one only when the shop issues invoice tickets at once).
 */
export function orderDraft(input: DraftInput): OrderDraft {
  const { organisation, priced, now } = input;
  const status = draftStatus(input);
  const fulfilNow = status === 'PAID' || (status === 'INVOICED' && organisation.invoiceTickets);
  const expiresAt =
    status === 'RESERVED'
      ? new Date(now.getTime() + organisation.reservationDays * DAY)
      : status === 'PENDING'
        ? new Date(now.getTime() + organisation.holdMinutes * MINUTE)
        : null;
  return {
    organisationId: organisation.id,
    hash: secretToken(),
    status,
    clientId: input.clientId,
    customer: input.customer,
    language: input.language,
    totals: priced.totals,
    onInvoice: priced.onInvoice,
    couponCodes: input.codes.codes,
    expiresAt,
    idempotencyKey: input.idempotencyKey,
    idempotencyFingerprint: input.idempotencyFingerprint,
    lines: draftLines(priced),
    seats: priced.items.map((item) => ({
      plotId: item.plot.id,
      seats: item.seats,
      limited: item.product.capacityType !== 'NONE',
      label: itemLabel(item.product, item.plot),
    })),
    coupon: input.codes.coupon ? { id: input.codes.coupon.id, code: input.codes.coupon.code } : null,
    voucherUses: priced.voucherUses,
    redemptions: input.redemptions,
    // Holding at once (nothing to pay, or a reservation for a reservation) moves the old booking now (0040).
    rebook: input.rebook
      ? {
          oldOrderId: input.rebook.oldOrderId,
          oldStatus: input.rebook.oldStatus,
          creditCents: priced.creditCents,
          moveNow: status !== 'PENDING',
        }
      : null,
    reservation: status === 'RESERVED' ? { hash: secretToken(), expiresAt: expiresAt! } : null,
    payment:
      status === 'PENDING'
        ? {
            hash: secretToken(),
            gateway: input.paymentGateway(),
            amountCents: priced.totals.totalCents,
            currency: organisation.currency,
          }
        : null,
    fulfil: fulfilNow ? { baseUrl: input.baseUrl } : null,
  };
}
