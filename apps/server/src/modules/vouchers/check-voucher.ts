import type { VoucherCheck } from '@kassa/domain/contract/voucher-check';
import { centsToAmount } from '@kassa/domain/rules/money';
import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findIssuedVoucher } from '../../engine/pricing/find-issued-voucher.ts';
import { lastValidDate } from '@kassa/domain/rules/shop-date';

/**
 * The balance of an issued voucher code (docs/storefront.md §2.16).
 *
 * Unknown and malformed codes get one and the same 404 VOUCHER_NOT_FOUND, so
 * an answer never tells a guesser how close they came. An expired code is
 * answered with its credit, its expiration and `expired: true`: the visitor
 * holding it learns why it no longer works, and this reveals nothing worth
 * guessing for, as codes carry ≥80 bits, checks are rate-limited and an
 * expired code cannot be spent.
 */
export async function checkVoucher(
  db: Db,
  organisation: Pick<Organisation, 'id' | 'timeZone'>,
  typedCode: string,
  now: Date,
): Promise<VoucherCheck> {
  const voucher = await findIssuedVoucher(db, organisation.id, typedCode);
  if (!voucher) throw new AppError(404, 'VOUCHER_NOT_FOUND', 'Voucher not found');
  return {
    credit: centsToAmount(voucher.balanceCents),
    expiration: voucher.expiresAt ? lastValidDate(voucher.expiresAt, organisation.timeZone) : null,
    expired: voucher.expiresAt !== null && voucher.expiresAt.getTime() <= now.getTime(),
  };
}
