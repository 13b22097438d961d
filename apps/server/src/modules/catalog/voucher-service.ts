import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucherValues, vouchers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogViewer } from './catalog-viewer.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { takenVoucherCodes } from './voucher-value-availability.ts';
import { toVoucherSummary, voucherSummaryColumns } from './voucher-summary.ts';

/** Everything the voucher order flow needs up front (docs/storefront.md §3.7). */
export async function getVoucher(
  db: Db,
  viewer: CatalogViewer,
  id: number,
  now: Date,
): Promise<VoucherDetail> {
  const [[row], values] = await Promise.all([
    db
      .select({
        ...voucherSummaryColumns,
        minQuantity: vouchers.minQuantity,
        maxQuantity: vouchers.maxQuantity,
        showEndTime: vouchers.showEndTime,
      })
      .from(vouchers)
      .where(and(eq(vouchers.id, id), offeredItem(vouchers, viewer.organisation.id, viewer.groupIds)))
      .limit(1),
    db
      .select({
        id: voucherValues.id,
        name: voucherValues.name,
        description: voucherValues.description,
        priceCents: voucherValues.priceCents,
        availability: voucherValues.availability,
        taken: takenVoucherCodes(now),
      })
      .from(voucherValues)
      .where(eq(voucherValues.voucherId, id))
      .orderBy(asc(voucherValues.sort), asc(voucherValues.id)),
  ]);
  if (!row) throw notFound('VOUCHER_NOT_FOUND', 'Voucher not found');
  return {
    ...toVoucherSummary(row, viewer),
    full: true,
    values: values.map((value) => ({
      id: value.id,
      name: viewer.text(value.name),
      description: viewer.text(value.description),
      price: centsToAmount(value.priceCents),
      availability: value.availability === null ? null : Math.max(0, value.availability - value.taken),
    })),
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    settings: { show_end_time: row.showEndTime },
  };
}
