import { AppError } from '../../lib/errors.ts';

/** The waiting room's error codes (stable; the storefront shows errors.{code lowercased}). */
export const rushErrors = {
  notInRush: () => new AppError(409, 'RUSH_NOT_ACTIVE', 'The product has no waiting room now'),
  notOpenYet: () => new AppError(409, 'RUSH_NOT_OPEN_YET', 'The waiting room is not open yet'),
  over: () => new AppError(409, 'RUSH_OVER', 'The waiting room is closed'),
  invalidToken: () => new AppError(400, 'RUSH_TOKEN_INVALID', 'The place in the queue is not valid'),
  passRequired: (info?: string) =>
    new AppError(
      403,
      'RUSH_PASS_REQUIRED',
      'The product is sold through the waiting room: queue first',
      info,
    ),
  passExpired: () => new AppError(410, 'RUSH_PASS_EXPIRED', 'The time to order with this pass is over'),
  passUsed: () => new AppError(409, 'RUSH_PASS_USED', 'This pass was used for an order already'),
};
