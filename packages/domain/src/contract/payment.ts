/**
 * The payment hand-off and return page (docs/storefront.md §4.13, §7.2): GET
 * /api/payment/{hash}, the order status the return page shows, and the PayPal
 * capture call.
 */
import { z } from 'zod';
import { ORDER_KINDS } from '../rules/order-kind.ts';
import { ORDER_STATUSES, type OrderStatus } from '../rules/order-status.ts';
import { text } from './text.ts';
import { okResponse, priceSchema } from './common.ts';
import { paymentSchema } from './orders.ts';

/** GET /api/payment/{hash}: the hash is a reservation's (docs/storefront.md §7.2) or an order's (paying again). */
export const paymentAnswerSchema = okResponse(z.object({ payment: paymentSchema }));
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/**
 * What the return page says about an order: one of the order statuses
 * (decision 0225). PENDING: no word from the gateway yet (poll). FAILED and
 * CANCELLED: the last payment did not go through but the seats are still
 * held, so it can be paid again. EXPIRED: the hold lapsed unpaid.
 * REFUND_REQUIRED: paid after the seats were gone. INVOICED: confirmed on
 * invoice (a business client), nothing paid online. REBOOKED: moved to
 * another date or time by a rebooking (decision 0040): the new order has
 * the tickets.
 */
export type ReturnStatus = OrderStatus;

export const checkoutReturnItemSchema = z.object({
  title: text(),
  /** YYYY-MM-DD in the shop's time zone; null for products without days. */
  date: text().nullable(),
  /** HH:MM or HH:MM - HH:MM; null without a time slot. */
  time: text().nullable(),
  quantity: z.number().int(),
});

/**
 * What the order was paid for, line by line (decisions 0149, 0186): the
 * stored prices, never recomputed; one model for every kind of order, the
 * same the mails and PDFs print.
 */
export const orderReceiptSchema = z.object({
  /** The public order reference, grouped for reading (decision 0104). */
  reference: text(),
  kind: z.enum(ORDER_KINDS),
  /** A subscription order renewing a holding. */
  renewal: z.boolean(),
  items: z.array(
    z.object({
      title: text(),
      /** YYYY-MM-DD in the shop's time zone; null for products without days. */
      date: text().nullable(),
      time: text().nullable(),
      lines: z.array(
        z.object({
          kind: z.enum(['TICKET', 'PASS', 'GIFT_CARD', 'UPSELL', 'DONATION']),
          label: text(),
          quantity: z.number().int(),
          amount: priceSchema,
        }),
      ),
    }),
  ),
  /** The shop coupon by its code; voucher credit by the code's last four characters. */
  discounts: z.array(
    z.object({ kind: z.enum(['COUPON', 'VOUCHER']), code: text().nullable(), amount: priceSchema }),
  ),
  /** Fees by name ('' when the shop gave none). */
  additions: z.array(z.object({ label: text(), amount: priceSchema })),
  /** No fee charged: WAIVED (the shop has one, nothing was left to pay or it went on invoice), NONE (the shop has none). */
  fee_note: z.enum(['WAIVED', 'NONE']).nullable(),
  /** A rebooking's credit: what the moved order was already worth. */
  credit: priceSchema,
  total: priceSchema,
  /** PAID: the total was paid; INVOICED: it is on invoice; DUE: still to pay (a reservation, an unpaid order). */
  total_kind: z.enum(['PAID', 'INVOICED', 'DUE']),
  /**
   * Net, VAT and gross per rate (decision 0240), as the invoice was issued;
   * `rate` is a percentage (9), null for what is outside the scope of VAT (a
   * multi-purpose gift card's sale). Empty when the shop declares no rates.
   */
  vat: z.array(
    z.object({ rate: z.number().nullable(), net: priceSchema, vat: priceSchema, gross: priceSchema }),
  ),
  venue: z.object({ name: text(), address: text().nullable() }),
});
export type OrderReceiptAnswer = z.infer<typeof orderReceiptSchema>;

export const checkoutReturnSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  order: z.object({
    /** The public order reference (11 digits, decision 0104): what the page shows as the order number. */
    reference: text(),
    total: priceSchema,
    currency: text(),
    email: text(),
    items: z.array(checkoutReturnItemSchema),
    receipt: orderReceiptSchema.optional(),
  }),
  /** A new payment can be started for this order (its hold still lasts). */
  canPayAgain: z.boolean(),
  /** Where the tickets PDF downloads; null until the order has tickets (paid, or invoiced with tickets). */
  ticketsUrl: text().nullable(),
  /** Where a voucher order's gift cards PDF downloads; null (or absent) until it has codes. */
  giftCardsUrl: text().nullable().optional(),
  /** Where a subscription order's passes PDF downloads; null (or absent) until it has passes. */
  passesUrl: text().nullable().optional(),
  /** Where the receipt alone downloads as PDF (every kind of order); null until paid or invoiced. */
  receiptUrl: text().nullable().optional(),
  /** Where the visit's calendar entry (.ics) downloads; null (or absent) without tickets for a dated visit (decision 0250). */
  calendarUrl: text().nullable().optional(),
  /** The order's invoice as PDF (decision 0242); null (or absent) until it is issued. */
  invoiceUrl: text().nullable().optional(),
  /** The invoice as an EN 16931 e-invoice (UBL, decision 0244): only for an order of a company; null (or absent) otherwise. */
  eInvoiceUrl: text().nullable().optional(),
  /** The order's credit notes, each by number with its PDF (and its e-invoice when the invoice has one). */
  creditNotes: z.array(z.object({ number: text(), url: text(), eInvoiceUrl: text().optional() })).optional(),
  /** When the unpaid hold ends (ISO 8601); null when none. */
  holdExpiresAt: text().nullable(),
  /**
   * The open payment's hand-off while PENDING, so the page can show the
   * wallet's buttons (CUSTOM paypal) or resume a provider's checkout; else null.
   */
  openPayment: paymentSchema.nullable(),
});
export type CheckoutReturn = z.infer<typeof checkoutReturnSchema>;
export const checkoutReturnAnswerSchema = okResponse(checkoutReturnSchema);

/** POST /api/payments/paypal/capture: the payment hash of the approved PayPal order. */
export const paypalCaptureRequestSchema = z.object({ hash: text().min(1).max(200) });
export const paypalCaptureAnswerSchema = okResponse(
  z.object({ status: z.enum(ORDER_STATUSES), hash: text() }),
);

/** POST /api/orders/{hash}/tickets/resend: the tickets mail is queued again (rate-limited). */
export const resendTicketsAnswerSchema = z.object({ ok: z.literal(true) });
export type ResendTicketsAnswer = z.infer<typeof resendTicketsAnswerSchema>;
