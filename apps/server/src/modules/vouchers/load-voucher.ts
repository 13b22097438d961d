import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucherValues, vouchers } from '../../db/schema.ts';
import { offeredItem } from '../../lib/displayable.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherValueRow = typeof voucherValues.$inferSelect;

/** A voucher this viewer may order (displayable, offered to them) with its values; undefined otherwise. */
export async function loadOrderableVoucher(
  db: Db,
  organisationId: number,
  viewerGroupIds: readonly number[],
  voucherId: number,
): Promise<{ voucher: VoucherRow; values: VoucherValueRow[] } | undefined> {
  const [[voucher], values] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.id, voucherId), offeredItem(vouchers, organisationId, viewerGroupIds)))
      .limit(1),
    db
      .select()
      .from(voucherValues)
      .where(eq(voucherValues.voucherId, voucherId))
      .orderBy(asc(voucherValues.sort), asc(voucherValues.id)),
  ]);
  return voucher ? { voucher, values } : undefined;
}
