import type { OrderKind, OrderStatus, PaymentStatus } from '../../db/schema.ts';

/**
 * One order as `npm run shop -- orders` exports it (decision 0168): a DTO
 * with stable snake_case names, never a database row. Money is a decimal
 * string with a dot and two places ("12.50"), so no tool reads it as a
 * float; instants are ISO 8601 in the shop's time zone, with its offset.
 */
export interface ExportOrder {
  /** The public order number (decision 0104), 11 digits; never the internal id. */
  reference: string;
  kind: OrderKind;
  status: OrderStatus;
  created_at: string;
  paid_at: string | null;
  language: string;
  currency: string;
  /** Booked on invoice (decision 0053): nothing was paid online. */
  on_invoice: boolean;
  /** The reference of the order this one rebooked (decision 0040). */
  rebook_of: string | null;
  customer: ExportCustomer;
  lines: ExportLine[];
  discounts: ExportDiscounts;
  additions: ExportAddition[];
  totals: ExportTotals;
  /** The payment that decided the order (paid, refunded or to refund), else the latest attempt. */
  payment: ExportPayment | null;
  /** Every payment attempt, oldest first. */
  payments: ExportPayment[];
  /** The number of the order's invoice (decision 0242); null before it is paid or invoiced. */
  invoice_number: string | null;
  /** The VAT of the invoice's reductions (coupon, single-purpose gift card credit), summed (decision 0240). */
  reductions_vat: ExportVat | null;
  /**
   * The marketing context the order was sent with (campaign tags, referrer,
   * landing and embedding page; decision 0194), as stored; null when none.
   */
  enrichment: Record<string, unknown> | null;
}

export interface ExportCustomer {
  first_name: string;
  last_name: string;
  email: string;
  /** The answers of the shop's phone fields, joined by " / ". */
  phone: string | null;
  company: string | null;
  vat_id: string | null;
  address: string | null;
  city: string | null;
  /** Custom field answers by the field's name in the shop's language. */
  fields: Record<string, string | boolean>;
}

export const EXPORT_LINE_TYPES = ['TICKET', 'UPSELL', 'DONATION', 'SUBSCRIPTION', 'VOUCHER'] as const;
export type ExportLineType = (typeof EXPORT_LINE_TYPES)[number];

/** What the order bought: tickets, upsells, donations, subscriptions, gift vouchers. */
export interface ExportLine {
  type: ExportLineType;
  /** The product, upsell, subscription or "voucher – value" title in the shop's language. */
  item: string;
  /** The plot's date and times, as the shop's wall clock shows them (plots are stored that way). */
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  audience: string | null;
  quantity: number;
  unit_price: string;
  total: string;
  vat: ExportVat | null;
}

export interface ExportDiscounts {
  /** Coupon codes applied (at most one coupon per order). */
  coupon_codes: string[];
  coupon_amount: string;
  /** Gift-voucher credit spent on the order, per code; codes shortened (they are bearer credit). */
  voucher_credits: { code: string; amount: string }[];
  voucher_credit_amount: string;
  /** Subscription visits the order took (passes with a visit count; unlimited passes record none). */
  subscription_redemptions: { subscription: string; count: number }[];
}

export interface ExportAddition {
  /** The shop's addition of that amount when exactly one has it (lines keep only the amount); else null. */
  name: string | null;
  amount: string;
  vat: ExportVat | null;
}

/**
 * A line's VAT as its invoice was issued (decision 0240): the rate in
 * percent ("9"), net, VAT and gross after the reductions spread over it;
 * null before the invoice, or for what is no supply (a gift card's credit
 * spent, a rebooking's credit).
 */
export interface ExportVat {
  rate: string | null;
  net: string;
  vat: string;
  gross: string;
}

export interface ExportTotals {
  subtotal: string;
  /** Coupon discount and voucher credit together. */
  discount: string;
  additions: string;
  /** What a rebooking credited from the order it replaced. */
  rebook_credit: string;
  /** What was due online (0 on invoice). */
  total: string;
}

export interface ExportPayment {
  gateway: string;
  status: PaymentStatus;
  amount: string;
  /** The provider's id (Stripe checkout session, PayPal order); null for the built-in test page. */
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

/** 1250 → "12.50", -300 → "-3.00": exact, from integer cents. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
