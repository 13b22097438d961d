import type { ProductSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { audiences, products } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { outerColumn } from './outer-column.ts';

/** The columns a product summary needs, and no more (list reads are hot). */
export const productSummaryColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  description: products.description,
  image: products.image,
  label: products.label,
  state: products.state,
  visible: products.visible,
  categoryId: products.categoryId,
  sort: products.sort,
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
  hasAudiences: sql<boolean>`exists (select 1 from ${audiences} where ${audiences.productId} = ${outerColumn(products, products.id)})`,
};

export type ProductSummaryRow = SelectResultFields<typeof productSummaryColumns>;

export function toProductSummary(row: ProductSummaryRow, ctx: ShopContext): ProductSummary {
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
    price: centsToAmount(row.priceCents),
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    types: { price: row.priceType, capacity: row.capacityType },
    options: { days: row.hasDays, timeslots: row.hasTimeslots, audiences: row.hasAudiences },
    settings: { show_end_time: row.showEndTime, show_availability: row.showAvailability },
    allow_reservations: row.allowReservations,
  };
}
