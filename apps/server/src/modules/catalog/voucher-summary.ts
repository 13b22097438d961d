import type { VoucherSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { voucherValues, vouchers } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { itemBaseColumns, toItemBase } from './item-base.ts';
import { outerColumn } from './outer-column.ts';

export const voucherSummaryColumns = {
  ...itemBaseColumns(vouchers),
  // The cheapest value, for "from" labels; 0 while a voucher has no values yet.
  lowestPriceCents: sql<number>`coalesce((select min(${voucherValues.priceCents}) from ${voucherValues} where ${voucherValues.voucherId} = ${outerColumn(vouchers, vouchers.id)}), 0)::int`,
};

export type VoucherSummaryRow = SelectResultFields<typeof voucherSummaryColumns>;

export function toVoucherSummary(row: VoucherSummaryRow, ctx: ShopContext): VoucherSummary {
  return {
    ...toItemBase(row, ctx),
    price: centsToAmount(row.lowestPriceCents),
  };
}
