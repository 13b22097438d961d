import { REBOOK_NOT_ALLOWED_INFO, rebookNotAllowed } from '../../engine/booking/replaced-booking.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Rebooking's error codes (stable; the storefront shows errors.{code lowercased}).
 * An unknown order and a wrong e-mail share REBOOK_NOT_FOUND, so answers
 * never tell which order references exist.
 */
export const rebookErrors = {
  linkInvalid: () => new AppError(404, 'REBOOK_LINK_INVALID', 'This rebooking link is not valid'),
  notFound: () =>
    new AppError(404, 'REBOOK_NOT_FOUND', 'No order matches this order number and e-mail address'),
  /** Too many failed lookups of this order reference, from anywhere (decision 0104). */
  referenceLocked: () =>
    new AppError(429, 'RATE_LIMITED', 'Too many attempts for this order number, please try again later'),
  notAllowed: rebookNotAllowed,
  /** Why a booking cannot be changed, each its own code (decision 0187); the same error_info as notAllowed. */
  disabled: () =>
    new AppError(
      400,
      'REBOOK_DISABLED',
      'This shop does not change bookings online',
      REBOOK_NOT_ALLOWED_INFO,
    ),
  notPaid: () =>
    new AppError(
      400,
      'REBOOK_NOT_PAID',
      'Only a paid booking, or a reservation still held, can be changed',
      REBOOK_NOT_ALLOWED_INFO,
    ),
  alreadyMoved: () =>
    new AppError(400, 'REBOOK_ALREADY_MOVED', 'This booking was moved already', REBOOK_NOT_ALLOWED_INFO),
  notATicket: () =>
    new AppError(
      400,
      'REBOOK_NOT_A_TICKET',
      'Only a booking of tickets can be changed',
      REBOOK_NOT_ALLOWED_INFO,
    ),
  severalItems: () =>
    new AppError(
      400,
      'REBOOK_SEVERAL_ITEMS',
      'An order of several bookings cannot be changed online',
      REBOOK_NOT_ALLOWED_INFO,
    ),
  started: () =>
    new AppError(
      400,
      'REBOOK_STARTED',
      'The booked time has begun: it can no longer be changed',
      REBOOK_NOT_ALLOWED_INFO,
    ),
  secretInvalid: () =>
    new AppError(403, 'REBOOK_SECRET_INVALID', 'The rebooking link or secret is not valid'),
  couponNotAllowed: () =>
    new AppError(
      400,
      'REBOOK_COUPON_NOT_ALLOWED',
      'Coupons, vouchers and passes cannot be used on a rebooking',
    ),
  quantityMismatch: (info: string) =>
    new AppError(
      400,
      'REBOOK_QUANTITY_MISMATCH',
      'A rebooking keeps the product and the quantities of the booking it moves',
      info,
    ),
  samePlot: () =>
    new AppError(400, 'REBOOK_SAME_PLOT', 'A rebooking moves the booking to another date or time'),
};
