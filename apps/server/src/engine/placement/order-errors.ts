import { AppError } from '../../lib/errors.ts';

/**
 * The order engine's error codes (stable; the storefront shows
 * errors.{code lowercased}). error_info names the item the problem is with.
 */
export const orderErrors = {
  productNotAvailable: (info: string) =>
    new AppError(400, 'PRODUCT_NOT_AVAILABLE', 'A product in the order cannot be ordered', info),
  plotNotAvailable: (info: string) =>
    new AppError(400, 'PLOT_NOT_AVAILABLE', 'The chosen date or time slot cannot be booked', info),
  salesEnded: (info: string) =>
    new AppError(400, 'SALES_ENDED', 'Tickets for the chosen date or time slot are no longer sold', info),
  invalidQuantity: (info: string) =>
    new AppError(400, 'INVALID_QUANTITY', 'A quantity in the order is not allowed', info),
  audienceQuantityTooLarge: (info: string) =>
    new AppError(
      400,
      'AUDIENCE_QUANTITY_TOO_LARGE',
      'At most 10 tickets of each audience fit one order',
      info,
    ),
  upsellNotAvailable: (info: string) =>
    new AppError(400, 'UPSELL_NOT_AVAILABLE', 'An extra in the order is not offered with its product', info),
  invalidFields: (info: string) =>
    new AppError(400, 'VALIDATION_ERROR', 'Some customer details are not valid', info),
  reservationNotAllowed: (info: string) =>
    new AppError(400, 'RESERVATION_NOT_ALLOWED', 'A product in the order cannot be reserved', info),
  notEnoughCapacity: (info: string) =>
    new AppError(409, 'NOT_ENOUGH_CAPACITY', 'Not enough places are left for the order', info),
  /** The plot has all the orders it accepts (max_orders), whatever seats it has left. */
  maxOrdersReached: (info: string) =>
    new AppError(409, 'PLOT_MAX_ORDERS_REACHED', 'The chosen date or time slot takes no more bookings', info),
  subscriptionNotEligible: (info: string) =>
    new AppError(400, 'SUBSCRIPTION_NOT_ELIGIBLE', 'The subscription cannot be used for this order', info),
  orderTooLarge: () =>
    new AppError(400, 'ORDER_TOO_LARGE', 'The order total is larger than one order can hold'),
  idempotencyKeyReused: () =>
    // 422 as Stripe answers it: the key was spent on another request (another body or another kind of order).
    new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request',
    ),
  invalidIdempotencyKey: () =>
    new AppError(
      400,
      'INVALID_IDEMPOTENCY_KEY',
      'The Idempotency-Key header must be 1 to 200 visible characters',
    ),
};
