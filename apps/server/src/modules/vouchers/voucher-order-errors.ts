import { AppError } from '../../lib/errors.ts';

/** Voucher order codes (stable; the storefront shows errors.{code lowercased}). */
export const voucherOrderErrors = {
  voucherNotAvailable: (info: string) =>
    new AppError(400, 'VOUCHER_NOT_AVAILABLE', 'The voucher cannot be ordered', info),
  valueNotAvailable: (info: string) =>
    new AppError(400, 'VOUCHER_VALUE_NOT_AVAILABLE', 'A value in the order is not one of the voucher', info),
  invalidQuantity: (info: string) =>
    new AppError(400, 'INVALID_QUANTITY', 'A quantity in the order is not allowed', info),
  soldOut: (info: string) =>
    new AppError(409, 'VOUCHER_SOLD_OUT', 'Not enough vouchers of a value are left for the order', info),
};
