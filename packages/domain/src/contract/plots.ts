/** GET /api/products/{id}/plots (docs/storefront.md §7.2): query and response. */
import { z } from 'zod';
import { text } from './text.ts';
import { availabilitySchema } from './catalog.ts';
import { isoDateSchema, priceSchema } from './common.ts';

const count = z.coerce.number().int().min(0).max(10_000);

/**
 * Query string, parsed from bracket notation (order[quantity],
 * order[audiences][0][id]…) into nested objects by the server's query parser.
 */
export const plotsQuerySchema = z
  .object({
    rebookPlot: z.coerce.number().int().positive().optional(),
    /** A waiting-list offer's token: the places it holds count as free for this visitor (decision 0261). */
    waitlist: text().min(16).max(200).optional(),
    order: z
      .object({
        quantity: count.optional(),
        audiences: z
          .array(z.object({ id: z.coerce.number().int().positive(), quantity: count }))
          .max(100)
          .optional(),
      })
      .optional(),
    filterFrom: isoDateSchema.optional(),
    filterUntil: isoDateSchema.optional(),
    orderingCol: z.enum(['date']).optional(),
    orderingDir: z.enum(['asc', 'desc']).optional(),
    language: text().optional(),
  })
  .refine((q) => !q.filterFrom || !q.filterUntil || q.filterFrom <= q.filterUntil, {
    message: 'filterFrom must not be after filterUntil',
    path: ['filterFrom'],
  });
export type PlotsQuery = z.infer<typeof plotsQuerySchema>;

export const plotSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD in the organisation's time zone; null for a product without days. */
  date: isoDateSchema.nullable(),
  /** HH:MM; null without timeslots. */
  time: z.object({ start: text().nullable(), end: text().nullable() }),
  /** Price of one ticket on this plot; null when it depends on the audience only. */
  price: priceSchema.nullable(),
  /**
   * Total for the asked quantity/audiences on this plot; with neither, the
   * cheapest ticket a visitor can book alone × the product's min_quantity
   * (at least 1). See rules/pricing.ts.
   */
  lowestTotalPrice: priceSchema.nullable(),
  /** Seats left after active holds; null/null when unlimited. Percentage is not rounded. */
  availability: availabilitySchema,
  /** The plot has taken as many orders as it accepts: not offered, whatever its seats. */
  maxOrdersReached: z.boolean(),
  /** The shop offers the plot and it has not begun (a slot of today past its start is false). */
  selectable: z.boolean(),
  /** Closed by the shop (decision 0238): not selectable, with the reason visitors are shown. */
  closedReason: text().optional(),
  /** Each of the product's audiences with its ticket price on this plot. */
  audiencePrices: z.array(z.object({ audience: z.number().int(), price: priceSchema })),
});
export type Plot = z.infer<typeof plotSchema>;
export const plotListSchema = z.array(plotSchema);
