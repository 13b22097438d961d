import { z } from 'zod';
import { isoDateSchema } from './common.ts';
import { catalogueCount, catalogueString, MAX_CATALOGUE_PRICE } from './catalogue-limits.ts';
import { text } from './text.ts';

/**
 * Opening schedules of the catalogue file (docs/catalogue-file.md, decision
 * 0165): from these the server generates a product's plots over a rolling
 * window. This file is the seam between the catalogue file (import/export) and
 * plot generation; both sides use these types and nothing else.
 *
 * Times are wall-clock times in the organisation's time zone, so a 10:00 slot
 * stays at 10:00 across a DST change.
 */

/** HH:MM, 00:00–23:59. */
export const clockTimeSchema = text().regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  'expected a time HH:MM (00:00–23:59)',
);

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

/** A decimal price in the shop's currency, at most 2 places, never negative. */
export const cataloguePriceSchema = z
  .number()
  .nonnegative('a price is never negative')
  .max(MAX_CATALOGUE_PRICE, `a price is at most ${MAX_CATALOGUE_PRICE}`)
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'at most 2 decimals');

/**
 * A price override for the plots a rule makes. `kind` is the plot's price
 * kind (docs/storefront.md §3.3): PLOT/DAY/TIMESLOT/DYNAMIC set one per-ticket
 * `price` (the kind only says where the price was set: DYNAMIC is a DYNAMIC
 * product's price per plot); AUDIENCE sets `audiences`, a price per audience
 * key of the product (audiences left out keep their product price).
 */
export const schedulePriceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['PLOT', 'DAY', 'TIMESLOT', 'DYNAMIC']),
    price: cataloguePriceSchema,
  }),
  z.object({
    kind: z.literal('AUDIENCE'),
    audiences: z.record(catalogueString(100).min(1), cataloguePriceSchema),
  }),
]);
export type SchedulePrice = z.infer<typeof schedulePriceSchema>;

/** A time slot: a start, and an end (or a duration in minutes). */
export const scheduleSlotSchema = z
  .object({
    start: clockTimeSchema,
    end: clockTimeSchema.optional(),
    minutes: z
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .optional(),
    /** Overrides the rule's capacity for this slot. */
    capacity: catalogueCount().nonnegative().nullable().optional(),
    price: schedulePriceSchema.optional(),
  })
  .refine((s) => !(s.end !== undefined && s.minutes !== undefined), {
    message: 'give either end or minutes, not both',
  });
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/**
 * One recurring rule: on these weekdays between `from` and `until`
 * (inclusive; open-ended when left out), make these slots (or, without
 * `slots`, one all-day plot per date).
 */
export const scheduleRuleSchema = z.object({
  days: z
    .array(weekdaySchema)
    .min(1)
    .default([...WEEKDAYS]),
  from: isoDateSchema.optional(),
  until: isoDateSchema.optional(),
  slots: z.array(scheduleSlotSchema).min(1).optional(),
  /**
   * Closing time of the all-day plots the rule makes (a rule without slots):
   * a day stops selling then (decision 0205). Left out: at midnight.
   */
  closes: clockTimeSchema
    .optional()
    .describe('Closing time (HH:MM) of the days this rule opens, without slots; a day stops selling then'),
  /** Seats per plot; null is no limit. */
  capacity: catalogueCount().nonnegative().nullable(),
  /** Orders one plot accepts in all; left out is no limit. */
  max_orders: catalogueCount().positive().optional(),
  price: schedulePriceSchema.optional(),
});
export type ScheduleRule = z.infer<typeof scheduleRuleSchema>;

/**
 * A date that differs from the rules: `closed` makes no plots that day;
 * `unselectable` shows them but they cannot be booked; `slots` replaces the
 * rules' slots for that date (with the first matching rule's capacity unless a
 * slot sets its own); `capacity` overrides the capacity of that day's plots;
 * `closes` the closing time of that day's all-day plot.
 */
export const scheduleExceptionSchema = z.object({
  date: isoDateSchema,
  closed: z.boolean().optional(),
  unselectable: z.boolean().optional(),
  slots: z.array(scheduleSlotSchema).min(1).optional(),
  capacity: catalogueCount().nonnegative().nullable().optional(),
  closes: clockTimeSchema.optional().describe('Closing time (HH:MM) of this day, when it has no slots'),
  note: catalogueString().optional(),
});
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;

/**
 * A product's opening schedule. Plots are kept generated for today and the
 * next `window_days − 1` days (the rolling window); a date range `closures`
 * closes whole periods (a winter break).
 */
export const productScheduleSchema = z.object({
  window_days: catalogueCount().min(1).max(730).default(90),
  rules: z.array(scheduleRuleSchema).min(1),
  exceptions: z.array(scheduleExceptionSchema).default([]),
  closures: z
    .array(z.object({ from: isoDateSchema, until: isoDateSchema, note: catalogueString().optional() }))
    .default([]),
});
export type ProductSchedule = z.infer<typeof productScheduleSchema>;
