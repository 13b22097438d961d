import { AppError } from '../../lib/errors.ts';

/** Subscription order refusals (stable codes; the storefront shows errors.{code lowercased}). */
export const subscriptionErrors = {
  notAvailable: (id: number) =>
    new AppError(
      400,
      'SUBSCRIPTION_NOT_AVAILABLE',
      'This subscription cannot be ordered',
      `Subscription ${id}`,
    ),
  passwordTooShort: (min: number) =>
    new AppError(400, 'PASSWORD_TOO_SHORT', `The password must have at least ${min} characters`),
  /** An e-mail with an account is asked to log in, never merged silently (decision 0120). */
  clientExists: () =>
    new AppError(409, 'CLIENT_EXISTS', 'There is an account with this e-mail address: log in first'),
  voucherNotAccepted: (code: string) =>
    new AppError(400, 'COUPON_NOT_VALID', 'Gift vouchers cannot pay for subscriptions', code),
};
