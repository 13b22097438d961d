import type { VoucherSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { voucherValues, vouchers } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { outerColumn } from './outer-column.ts';

export const voucherSummaryColumns = {
  id: vouchers.id,
  slug: vouchers.slug,
  title: vouchers.title,
  description: vouchers.description,
  image: vouchers.image,
  label: vouchers.label,
  state: vouchers.state,
  visible: vouchers.visible,
  categoryId: vouchers.categoryId,
  sort: vouchers.sort,
  // The cheapest value, for "from" labels; 0 while a voucher has no values yet.
  lowestPriceCents: sql<number>`coalesce((select min(${voucherValues.priceCents}) from ${voucherValues} where ${voucherValues.voucherId} = ${outerColumn(vouchers, vouchers.id)}), 0)::int`,
};

export type VoucherSummaryRow = SelectResultFields<typeof voucherSummaryColumns>;

export function toVoucherSummary(row: VoucherSummaryRow, ctx: ShopContext): VoucherSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: ctx.text(row.title),
    description: ctx.text(row.description),
    image: row.image,
    label: ctx.text(row.label) || null,
    state: row.state,
    visible: row.visible,
    category: row.categoryId,
    sort: row.sort,
    full: false,
    price: centsToAmount(row.lowestPriceCents),
  };
}
