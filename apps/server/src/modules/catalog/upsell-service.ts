import type { Upsell } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { asc, eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.ts';
import { productUpsells, subscriptionUpsells, upsells } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

const upsellColumns = {
  id: upsells.id,
  title: upsells.title,
  description: upsells.description,
  image: upsells.image,
  priceCents: upsells.priceCents,
  upsellType: upsells.upsellType,
  maxQuantity: upsells.maxQuantity,
  donationStepCents: upsells.donationStepCents,
};

/** Upsells offered with a product, in the shop's order. */
export async function productUpsellList(db: Db, ctx: ShopContext, productId: number): Promise<Upsell[]> {
  const rows = await db
    .select(upsellColumns)
    .from(productUpsells)
    .innerJoin(upsells, eq(upsells.id, productUpsells.upsellId))
    .where(eq(productUpsells.productId, productId))
    .orderBy(asc(productUpsells.sort), asc(upsells.id));
  return rows.map((row) => toUpsell(row, ctx));
}

/** Upsells offered with a subscription, in the shop's order. */
export async function subscriptionUpsellList(
  db: Db,
  ctx: ShopContext,
  subscriptionId: number,
): Promise<Upsell[]> {
  const rows = await db
    .select(upsellColumns)
    .from(subscriptionUpsells)
    .innerJoin(upsells, eq(upsells.id, subscriptionUpsells.upsellId))
    .where(eq(subscriptionUpsells.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionUpsells.sort), asc(upsells.id));
  return rows.map((row) => toUpsell(row, ctx));
}

function toUpsell(row: SelectResultFields<typeof upsellColumns>, ctx: ShopContext): Upsell {
  return {
    id: row.id,
    title: ctx.text(row.title),
    description: ctx.text(row.description),
    image: row.image,
    price: centsToAmount(row.priceCents),
    upsell_type: row.upsellType,
    max_quantity: row.maxQuantity,
    donation_step: row.donationStepCents === null ? null : centsToAmount(row.donationStepCents),
  };
}
