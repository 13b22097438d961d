/**
 * Rebooking (docs/storefront.md §2.14, §3.17, §7.6): a visitor moves
 * a paid or reserved product order to another date or time slot. The entry
 * page checks its link (GET /api/rebook/secret/{secret}/{order}), the visitor
 * proves order id + e-mail (POST /api/rebook/validate), and the product flow
 * in rebooking mode sends POST /api/orders with `rebook` (the old order's
 * hash) and `rebook_secret` (the secret answered here). See decision 0040.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { text } from './text.ts';
import { idSchema, okResponse, priceSchema } from './common.ts';

/** A quantity: a plain number, or a map of audience id to quantity. */
export const rebookQuantitySchema = z.union([
  z.number().int().min(0),
  z.record(text(), z.number().int().min(0)),
]);
export type RebookQuantity = z.infer<typeof rebookQuantitySchema>;

/** GET /api/rebook/secret/{secret}/{order}: the link's secret and the order's public reference (decision 0104). */
export const rebookLinkParamsSchema = z.object({
  secret: text().min(1).max(200),
  order: text().min(1).max(50),
});
export const rebookLinkResponseSchema = okResponse(z.object({ valid: z.literal(true) }));

/** POST /api/rebook/validate */
export const rebookValidateRequestSchema = z.object({
  order: z.object({
    /** The order reference people see (11 digits with a check digit; spaces, dashes and a leading # are tolerated; decision 0104). */
    id: z.union([text().max(50), z.number()]),
    email: text().max(320),
  }),
  /** The secret of the entry link: the shop's rebooking secret or the order's own. */
  secret: text().max(200),
  language: text().max(10).optional(),
});
export type RebookValidateRequest = z.infer<typeof rebookValidateRequestSchema>;

export const rebookCustomerSchema = z.object({
  first_name: text(),
  last_name: text(),
  email: text(),
  company: text().nullable(),
  vat_id: text().nullable(),
  address: text().nullable(),
  city: text().nullable(),
  /** Custom field values by field id. */
  fields: z.record(text(), z.union([text(), z.boolean()])),
});

/** Rebooking data (docs/storefront.md §3.17). */
export const rebookingSchema = z.object({
  /** The old order's hash: sent back as orders[].rebook. */
  hash: text(),
  /** The old order's rebooking secret: sent back as orders[].rebook_secret. */
  secret: text(),
  /** The product the order is for; the flow opens /product/{product}/rebook. */
  product: idSchema,
  /** The plot the order is booked on now (preselected, served as rebookPlot). */
  plot: idSchema.nullable(),
  status: z.enum(ORDER_STATUSES).extract(['PAID', 'RESERVED']),
  /**
   * What the booking is worth (paid ticket value, fees excluded): credited
   * against the new booking's total. 0 for a reservation (nothing paid yet).
   */
  amount: priceSchema,
  customer: rebookCustomerSchema,
  quantity: z.object({
    product: rebookQuantitySchema,
    /** Keyed by upsell id. */
    upsells: z.record(text(), rebookQuantitySchema),
  }),
});
export type Rebooking = z.infer<typeof rebookingSchema>;
export const rebookValidateResponseSchema = okResponse(rebookingSchema);
