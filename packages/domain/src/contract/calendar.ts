/** GET /api/calendar/plots (docs/storefront.md §7.12, decision 0285): query and response. */
import { z } from 'zod';
import { text } from './text.ts';
import { isoDateSchema, priceSchema } from './common.ts';

/** At most this many products per call: a shop's dated products, with room to spare. */
export const CALENDAR_MAX_PRODUCTS = 200;

export const calendarPlotsQuerySchema = z
  .object({
    /** The products, as comma-separated ids. */
    products: text().regex(
      new RegExp(`^\\d{1,9}(?:,\\d{1,9}){0,${CALENDAR_MAX_PRODUCTS - 1}}$`),
      'expected comma-separated product ids',
    ),
    filterFrom: isoDateSchema.optional(),
    filterUntil: isoDateSchema.optional(),
  })
  .refine((q) => !q.filterFrom || !q.filterUntil || q.filterFrom <= q.filterUntil, {
    message: 'filterFrom must not be after filterUntil',
    path: ['filterFrom'],
  });
export type CalendarPlotsQuery = z.infer<typeof calendarPlotsQuerySchema>;

/** rules/calendar-plots.ts CalendarPlot. */
export const calendarPlotSchema = z.object({
  id: z.number().int(),
  date: isoDateSchema,
  time: z.object({ start: text().nullable(), end: text().nullable() }),
  price: priceSchema.nullable(),
  availability: z.number().nullable(),
});

/**
 * Each asked product the visitor is offered, in the order asked, with the
 * plots of its plots answer for the window that the calendar shows; a product
 * not offered is left out.
 */
export const calendarProductPlotsSchema = z.array(
  z.object({ product: z.number().int(), plots: z.array(calendarPlotSchema) }),
);
export type CalendarProductPlots = z.infer<typeof calendarProductPlotsSchema>;
