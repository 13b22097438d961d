import type { ProductSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { audiences, products } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { itemBaseColumns, toItemBase } from './item-base.ts';
import { outerColumn } from './outer-column.ts';

/** The columns a product summary needs, and no more (list reads are hot). */
export const productSummaryColumns = {
  ...itemBaseColumns(products),
  priceCents: products.priceCents,
  minQuantity: products.minQuantity,
  maxQuantity: products.maxQuantity,
  priceType: products.priceType,
  capacityType: products.capacityType,
  hasDays: products.hasDays,
  hasTimeslots: products.hasTimeslots,
  showEndTime: products.showEndTime,
  showAvailability: products.showAvailability,
  allowReservations: products.allowReservations,
  /** Not on the wire: when today's plots stop selling (decision 0205), for the quantity cap. */
  salesEndMinutes: products.salesEndMinutes,
  hasAudiences: sql<boolean>`exists (select 1 from ${audiences} where ${audiences.productId} = ${outerColumn(products, products.id)})`,
};

export type ProductSummaryRow = SelectResultFields<typeof productSummaryColumns>;

export function toProductSummary(row: ProductSummaryRow, ctx: ShopContext): ProductSummary {
  return {
    ...toItemBase(row, ctx),
    price: centsToAmount(row.priceCents),
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    types: { price: row.priceType, capacity: row.capacityType },
    options: { days: row.hasDays, timeslots: row.hasTimeslots, audiences: row.hasAudiences },
    settings: { show_end_time: row.showEndTime, show_availability: row.showAvailability },
    allow_reservations: row.allowReservations,
  };
}
