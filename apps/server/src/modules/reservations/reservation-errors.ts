import { AppError } from '../../lib/errors.ts';

/** The reservation module's error codes (docs/storefront.md §8.1: the storefront shows errors.{code lowercased}). */
export const reservationErrors = {
  notFound: () => new AppError(404, 'RESERVATION_NOT_FOUND', 'No reservation has this hash'),
  /** Paid, expired or otherwise ended: its details and coupons no longer change. */
  closed: (status: string) =>
    new AppError(409, 'RESERVATION_CLOSED', 'This reservation can no longer be changed', status),
  /** A code that is not on the reservation cannot be removed from it. */
  couponNotApplied: (code: string) =>
    new AppError(404, 'COUPON_NOT_APPLIED', 'This code is not applied to the reservation', code),
  /** The anti-blocking limits of decision 0130. */
  tooManyReservations: () =>
    new AppError(
      429,
      'TOO_MANY_RESERVATIONS',
      'Too many open reservations: pay or let one expire before reserving again',
    ),
  tooManySeats: (max: number) =>
    new AppError(400, 'RESERVATION_TOO_LARGE', 'Too many seats for one reservation', String(max)),
};
