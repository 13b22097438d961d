import { AppError } from '../../lib/errors.ts';

/** Renewal refusals: the storefront shows error_info, or Unknown error (docs/storefront.md §8.3, renewal). */
export const renewalErrors = {
  notFound: () =>
    new AppError(
      404,
      'RENEWAL_NOT_FOUND',
      'No subscription of yours has this renewal link',
      'This renewal link does not belong to a subscription of yours.',
    ),
  notRenewable: () =>
    new AppError(
      409,
      'RENEWAL_NOT_ALLOWED',
      'This subscription cannot be renewed',
      'This subscription can no longer be renewed.',
    ),
  wrongSubscription: () =>
    new AppError(
      400,
      'RENEWAL_MISMATCH',
      'The renewal is for another subscription',
      'This renewal belongs to another subscription.',
    ),
  unknownPass: () =>
    new AppError(
      400,
      'RENEWAL_PASS_UNKNOWN',
      'A pass is not part of this subscription',
      'A chosen pass is not part of this subscription.',
    ),
};
