import { AppError } from '../../lib/errors.ts';
import type { OrderRow } from '../settlement/find-order.ts';

/**
 * What the engine knows of a booking that a new order replaces (decision
 * 0040: a rebooking, or a booking turned into a voucher): whether it still
 * holds, what it is worth, and the refusal when it can no longer be
 * replaced. The rebook module and the voucher kind plan a replacement; the
 * engine moves the old booking when the new order holds (move-booking.ts,
 * settle-rebooking.ts).
 */

/** The storefront swaps this exact error_info for its own translated text (docs/storefront.md §8). */
export const REBOOK_NOT_ALLOWED_INFO = 'Rebook is not allowed';

/** 400 REBOOK_NOT_ALLOWED: the booking cannot be replaced (any more). */
export function rebookNotAllowed(): AppError {
  return new AppError(400, 'REBOOK_NOT_ALLOWED', 'This order cannot be rebooked', REBOOK_NOT_ALLOWED_INFO);
}

/** Still a booking that can be moved: PAID, or RESERVED and not yet expired. */
export function stillHeld(order: OrderRow | undefined, now: Date): boolean {
  if (!order) return false;
  if (order.status === 'PAID') return true;
  return order.status === 'RESERVED' && order.expiresAt !== null && order.expiresAt > now;
}

/**
 * What the booking is worth against a new one: its ticket value when paid —
 * subtotal − coupon discount, fees excluded; what a sold voucher's credit paid
 * counts as paid (the order's discount includes it) — and 0 for a
 * reservation, nothing was paid.
 */
export function rebookCreditCents(order: OrderRow, voucherCreditCents = 0): number {
  if (order.status !== 'PAID') return 0;
  const couponDiscount = Math.max(order.discountCents - voucherCreditCents, 0);
  return Math.max(order.subtotalCents - couponDiscount, 0);
}
