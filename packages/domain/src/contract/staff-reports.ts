/**
 * The manager's view (decision 0262): sales from the issued invoices and
 * credit notes, occupancy per slot, today, gift-card credit, no-shows and
 * refunds. Amounts are integer cents, as in the other staff answers; days
 * are the shop's calendar days (YYYY-MM-DD).
 */
import { z } from 'zod';
import { addCalendarDays, isCalendarDate } from '../rules/wall-clock.ts';
import { isoDateSchema } from './common.ts';
import { text } from './text.ts';

const shopDateSchema = isoDateSchema.refine(isCalendarDate, 'not a calendar date');

/** The longest period one answer covers: a year and a day (a leap year). */
export const REPORT_MAX_DAYS = 367;

/** A period of shop days (both ends included, at most REPORT_MAX_DAYS long) and the answer's language. */
const periodShape = {
  /** The language of names in the answer (as every shop read takes it). */
  language: text().max(35).optional(),
  /** First day, in the shop's time zone (YYYY-MM-DD). */
  from: shopDateSchema,
  /** Last day, included, in the shop's time zone (YYYY-MM-DD). */
  to: shopDateSchema,
};

const inOrder = (period: { from: string; to: string }) => period.from <= period.to;
const notTooLong = (period: { from: string; to: string }) =>
  addCalendarDays(period.from, REPORT_MAX_DAYS - 1) >= period.to;
const ORDER_PROBLEM = { message: 'from is after to', path: ['to'] };
const LENGTH_PROBLEM = { message: `at most ${REPORT_MAX_DAYS} days`, path: ['to'] };

export const reportPeriodSchema = z
  .object(periodShape)
  .refine(inOrder, ORDER_PROBLEM)
  .refine(notTooLong, LENGTH_PROBLEM);
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const SALES_GROUPINGS = ['day', 'week', 'month', 'product', 'audience', 'channel', 'coupon'] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

export const salesQuerySchema = z
  .object({
    ...periodShape,
    /** How rows are grouped: by the documents' day, ISO week or month, or by what or how it sold. */
    by: z.enum(SALES_GROUPINGS).default('day'),
  })
  .refine(inOrder, ORDER_PROBLEM)
  .refine(notTooLong, LENGTH_PROBLEM);
export type SalesQuery = z.input<typeof salesQuerySchema>;

const salesFiguresShape = {
  /** Invoices issued (one per order). */
  orders: z.number().int(),
  /** Tickets on those invoices. */
  tickets: z.number().int(),
  gross_cents: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  /** Credit notes issued in the period, each on its own day (decision 0262). */
  refunds: z.number().int(),
  refunded_tickets: z.number().int(),
  refunded_gross_cents: z.number().int(),
  refunded_net_cents: z.number().int(),
  refunded_vat_cents: z.number().int(),
};

export const salesRowSchema = z.object({
  /**
   * The group: a day (YYYY-MM-DD), a week (its Monday), a month (YYYY-MM),
   * `product:<id>`, `audience:<id>`, `utm:<source>`, `ref:<host>`, `direct`,
   * `coupon:<CODE>[+<CODE>]`, `none`, or a kind of line that belongs to no
   * product: `kind:UPSELL`, `kind:SUBSCRIPTION`, `kind:VOUCHER_VALUE`,
   * `kind:ADDITION`, `kind:REDUCTION`.
   */
  key: text(),
  /** The product's title, the audience's name, the source or code; null where the page names the key. */
  label: text().nullable(),
  ...salesFiguresShape,
});
export type SalesRow = z.infer<typeof salesRowSchema>;

export const salesReportSchema = z.object({
  from: text(),
  to: text(),
  by: z.enum(SALES_GROUPINGS),
  time_zone: text(),
  currency: text(),
  rows: z.array(salesRowSchema),
  /** The whole period: what the VAT report and the orders export sum for it. */
  totals: z.object(salesFiguresShape),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const occupancyRowSchema = z.object({
  plot_id: z.number().int(),
  product_id: z.number().int(),
  product: text(),
  /** YYYY-MM-DD; null for a product's open plot. */
  date: text().nullable(),
  /** HH:MM; null for a whole day. */
  start_time: text().nullable(),
  end_time: text().nullable(),
  /** Seats; null: no limit. */
  capacity: z.number().int().nullable(),
  /** Seats of paid orders. */
  sold: z.number().int(),
  /** Seats held by reservations, unpaid orders and waiting-list offers that have not lapsed. */
  reserved: z.number().int(),
  /** Tickets let in at the door. */
  admitted: z.number().int(),
  /** Capacity less sold and reserved; null: no limit. */
  free: z.number().int().nullable(),
  closed: z.boolean(),
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;

export const occupancyReportSchema = z.object({
  from: text(),
  to: text(),
  time_zone: text(),
  plots: z.array(occupancyRowSchema),
});
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;

export const todayReportSchema = z.object({
  /** The shop's today. */
  date: text(),
  time_zone: text(),
  /** ISO instant the numbers were read. */
  at: text(),
  plots: z.array(occupancyRowSchema),
});
export type TodayReport = z.infer<typeof todayReportSchema>;

/** How far ahead the gift-card answer looks for credit about to expire. */
export const GIFT_CARD_EXPIRY_DAYS = 90;

export const giftCardReportSchema = z.object({
  at: text(),
  /** Credit sold and not yet spent nor expired (the VAT report's liability, decision 0243). */
  outstanding_cents: z.number().int(),
  /** Codes with credit left. */
  codes_with_credit: z.number().int(),
  /** Credit left on codes that expire in the next GIFT_CARD_EXPIRY_DAYS days, per month of expiry. */
  expiring: z.array(z.object({ month: text(), codes: z.number().int(), balance_cents: z.number().int() })),
  expiring_cents: z.number().int(),
});
export type GiftCardReport = z.infer<typeof giftCardReportSchema>;

export const noShowRowSchema = z.object({
  date: text(),
  product_id: z.number().int(),
  product: text(),
  /** Tickets of paid orders, not cancelled. */
  sold: z.number().int(),
  admitted: z.number().int(),
  /** Sold and not let in. */
  no_shows: z.number().int(),
});
export type NoShowRow = z.infer<typeof noShowRowSchema>;

export const noShowReportSchema = z.object({
  from: text(),
  to: text(),
  rows: z.array(noShowRowSchema),
});
export type NoShowReport = z.infer<typeof noShowReportSchema>;

export const refundDayRowSchema = z.object({
  /** The shop's day the cancellation was made. */
  date: text(),
  cancellations: z.number().int(),
  /** Tickets and extras cancelled. */
  items: z.number().int(),
  amount_cents: z.number().int(),
  /** Of the amount: still to be paid out (pending or failed at the gateway). */
  open_cents: z.number().int(),
});

export const refundReportSchema = z.object({
  from: text(),
  to: text(),
  rows: z.array(refundDayRowSchema),
  by_method: z.array(
    z.object({ method: text(), cancellations: z.number().int(), amount_cents: z.number().int() }),
  ),
});
export type RefundReport = z.infer<typeof refundReportSchema>;
