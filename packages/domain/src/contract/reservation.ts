/**
 * The reservation page's calls (docs/storefront.md §2.17, §3.18, §7.11): GET
 * and PATCH /api/reservation/{hash}, and the coupon of a reservation (POST
 * /api/reservation/{hash}/coupon, DELETE …/coupon/{code}), whose totals the
 * server recomputes (docs/storefront.md §9.3, reservation total).
 */
import { z } from 'zod';
import { text } from './text.ts';
import { okResponse, priceSchema } from './common.ts';
import { fieldValueSchema, orderCustomerSchema } from './orders.ts';
import { rebookCustomerSchema } from './rebook.ts';

/** One audience line of a reserved item: its name, quantity and unit price. */
export const reservationAudienceSchema = z.object({
  id: z.number().int(),
  name: text(),
  quantity: z.number().int(),
  price: priceSchema,
});

/** An upsell taken with a reserved item (docs/storefront.md §3.18: quantity and price). */
export const reservationUpsellSchema = z.object({
  id: z.number().int(),
  title: text(),
  quantity: z.number().int(),
  /** Unit price. */
  price: priceSchema,
});

/** The product of a reserved item (docs/storefront.md §3.18: id, quantity, discount, price, plot, audiences, types.price). */
export const reservationProductSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  description: text(),
  image: text().nullable(),
  quantity: z.number().int(),
  /** The discount on this item (coupon and voucher credit). */
  discount: priceSchema,
  /** The item's tickets and upsells before discount. */
  price: priceSchema,
  plot: z.object({
    id: z.number().int(),
    /** YYYY-MM-DD in the shop's time zone; null for a product without days. */
    date: text().nullable(),
    time: z.object({ start: text().nullable(), end: text().nullable() }),
  }),
  /** Audience lines; empty for a plain quantity (then price per ticket is unit_price). */
  audiences: z.array(reservationAudienceSchema),
  unit_price: priceSchema,
  types: z.object({ price: z.enum(['FIXED', 'AUDIENCE', 'DYNAMIC']) }),
});

export const reservedItemSchema = z.object({
  product: reservationProductSchema,
  upsells: z.array(reservationUpsellSchema),
});
export type ReservedItem = z.infer<typeof reservedItemSchema>;

export const RESERVATION_STATUSES = ['RESERVED', 'PAID', 'INVOICED', 'EXPIRED', 'OTHER'] as const;

export const reservationSchema = z.object({
  reservation: z.object({
    id: z.number().int(),
    /** The public order reference (decision 0104): shown as the order number and carried by the change link. */
    reference: text(),
    customer: z.object({ email: text() }),
  }),
  hash: text(),
  /** The order's own hash: the return page and the tickets. */
  order_hash: text(),
  status: z.enum(RESERVATION_STATUSES),
  customer: rebookCustomerSchema,
  /** The first reserved item (docs/storefront.md §3.18: product, upsells); the others follow in additional_reservations. */
  product: reservationProductSchema,
  upsells: z.array(reservationUpsellSchema),
  additional_reservations: z.array(reservedItemSchema),
  /** When the hold ends unpaid (ISO 8601). */
  expiration_date: text(),
  /** The shop's hold length in days (its reservation setting). */
  hold_days: z.number().int(),
  /** The details may be edited and the reservation changed while it holds (false once paid or expired). */
  allow_changes: z.boolean(),
  /** The order's rebooking secret for the change button; null when the reservation cannot be rebooked. */
  rebooking_secret: text().nullable(),
  coupons: z.array(text()),
  prices: z.object({
    subtotal: priceSchema,
    discount: priceSchema,
    /** The shop's additions charged (type 1, rebooking ones, never). */
    additions: z.array(z.object({ name: text(), amount: priceSchema })),
    total: priceSchema,
  }),
  currency: text(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationAnswerSchema = okResponse(reservationSchema);

/** PATCH /api/reservation/{hash} (docs/storefront.md §7.11): the customer, with company and vat_id null when unticked. */
export const editReservationRequestSchema = z.object({
  customer: orderCustomerSchema.omit({ token: true }).extend({
    fields: z.record(text().max(20), fieldValueSchema).default({}),
  }),
});
export type EditReservationRequest = z.input<typeof editReservationRequestSchema>;
export type EditReservation = z.infer<typeof editReservationRequestSchema>;

/** POST /api/reservation/{hash}/coupon: one code (coupon or voucher) added to the reservation. */
export const reservationCouponRequestSchema = z.object({ code: text().trim().min(1).max(100) });

export const reservationCouponParamsSchema = z.object({
  hash: text().min(1).max(200),
  code: text().min(1).max(100),
});
