/**
 * Catalogue payloads of docs/storefront.md §3 and §7.2: categories, products,
 * subscriptions, vouchers, upsells and the home list. Summaries (full: false)
 * appear in lists; details (full: true) carry everything an order flow needs.
 */
import { z } from 'zod';
import { text } from './text.ts';
import { itemStateSchema, priceSchema } from './common.ts';

const itemBase = {
  id: z.number().int(),
  slug: text(),
  title: text(),
  description: text(),
  /** A URL path (bundled images are served under /assets/…). */
  image: text().nullable(),
  label: text().nullable(),
  state: itemStateSchema,
  visible: z.boolean(),
  /** The category the item sits in; null is uncategorised. */
  category: z.number().int().nullable(),
  sort: z.number().int(),
};

export const categorySchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  description: text(),
  image: text().nullable(),
  parent: z.number().int().nullable(),
  children: z.array(z.number().int()),
  state: itemStateSchema,
  sort: z.number().int(),
  /** Detail loaded: the id lists below are present. */
  full: z.boolean(),
  products: z.array(z.number().int()).optional(),
  subscriptions: z.array(z.number().int()).optional(),
  vouchers: z.array(z.number().int()).optional(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const audienceSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text(),
  price: priceSchema,
  group: text().nullable(),
  min_quantity: z.number().int(),
  dependant: z.boolean(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const availabilitySchema = z.object({
  /** Seats left; null when there is no capacity limit. */
  amount: z.number().int().nullable(),
  /** Seats left as a percentage of capacity (0–100); null when unlimited. */
  percentage: z.number().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const productSummarySchema = z.object({
  ...itemBase,
  full: z.literal(false),
  price: priceSchema,
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  types: z.object({
    price: z.enum(['FIXED', 'AUDIENCE', 'DYNAMIC']),
    capacity: z.enum(['NONE', 'PLOT']),
  }),
  options: z.object({ days: z.boolean(), timeslots: z.boolean(), audiences: z.boolean() }),
  settings: z.object({ show_end_time: z.boolean(), show_availability: z.boolean() }),
  allow_reservations: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The kinds of key fact a product page shows above its order flow (decision 0141). */
export const KEY_FACT_KINDS = [
  'DURATION',
  'LOCATION',
  'INCLUDED',
  'CANCELLATION',
  'ACCESSIBILITY',
  'AGE',
  'LANGUAGE',
] as const;
export const keyFactKindSchema = z.enum(KEY_FACT_KINDS);
export type KeyFactKind = z.infer<typeof keyFactKindSchema>;

/** One key fact, its text in the request's language. */
export const keyFactSchema = z.object({ kind: keyFactKindSchema, text: text() });
export type KeyFactView = z.infer<typeof keyFactSchema>;

export const productDetailSchema = productSummarySchema.extend({
  full: z.literal(true),
  /** Duration, location, what is included, cancellation terms …, in the shop's order (decision 0141). */
  key_facts: z.array(keyFactSchema),
  audiences: z.array(audienceSchema),
  /** Products offered after this one (summaries). */
  cross_sells: z.array(productSummarySchema),
  /** Number of upsells; the list itself comes from /upsells. */
  upsell_count: z.number().int(),
  /**
   * The most one order can book before a plot is chosen. Without days: seats
   * left on the product's open plot (null if none). With days: the most seats
   * left on one plot still on sale in the order flow's window (0 when none is).
   */
  availability: availabilitySchema.nullable(),
  /** Products without days: the open plot to order on. */
  plot: z.number().int().nullable(),
  /**
   * A rush (of the product or the whole shop) is set and not over: only then
   * does the product page ask GET /api/products/{id}/rush whether to queue
   * (decision 0265), so other pages hydrate without a request.
   */
  rush: z.boolean().optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const upsellSchema = z.object({
  id: z.number().int(),
  title: text(),
  /** Shop-written HTML: sanitise before rendering. */
  description: text(),
  image: text().nullable(),
  price: priceSchema,
  upsell_type: z.enum(['STANDARD', 'DONATION']),
  max_quantity: z.number().int().nullable(),
  donation_step: priceSchema.nullable(),
});
export type Upsell = z.infer<typeof upsellSchema>;
export const upsellListSchema = z.array(upsellSchema);

export const subscriptionSummarySchema = z.object({
  ...itemBase,
  full: z.literal(false),
  type: z.enum(['PHYSICAL', 'ONLINE']),
  price: priceSchema,
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const subscriptionDetailSchema = subscriptionSummarySchema.extend({
  full: z.literal(true),
  audiences: z.array(audienceSchema),
  /** Products a pass can be redeemed for. */
  products: z.array(z.number().int()),
  /** Redemptions per pass; -1 is unlimited. */
  redemptions: z.number().int(),
  validity_days: z.number().int(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

export const voucherValueSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text(),
  price: priceSchema,
  /** Codes left (configured minus sold and held); null is unlimited. */
  availability: z.number().int().nullable(),
});
export type VoucherValue = z.infer<typeof voucherValueSchema>;

export const voucherSummarySchema = z.object({
  ...itemBase,
  full: z.literal(false),
  /** The lowest value's price, for "from" labels. */
  price: priceSchema,
});
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;

export const voucherDetailSchema = voucherSummarySchema.extend({
  full: z.literal(true),
  values: z.array(voucherValueSchema),
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  settings: z.object({ show_end_time: z.boolean() }),
});
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;

/**
 * Every PUBLISHED or INVISIBLE item the visitor may see (group offers only
 * with a client's bearer token), categorised or not, each list sorted by
 * sort then id; the storefront lays them out.
 */
export const homeProductsSchema = z.object({
  products: z.array(productSummarySchema),
  subscriptions: z.array(subscriptionSummarySchema),
  vouchers: z.array(voucherSummarySchema),
});
export type HomeProducts = z.infer<typeof homeProductsSchema>;
