import type { RushSettings } from '@kassa/domain/rules/rush';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organisations, products } from '../../db/schema.ts';

/** The rush a product sells under: its own, else the shop's (decision 0265). */
export interface ProductRush {
  productId: number;
  /** 'product:{id}' or 'shop': which queue. */
  scope: string;
  settings: RushSettings;
}

export function rushOf(
  product: { id: number; rush: RushSettings | null },
  shopRush: RushSettings | null,
): ProductRush | null {
  if (product.rush) return { productId: product.id, scope: `product:${product.id}`, settings: product.rush };
  if (shopRush) return { productId: product.id, scope: 'shop', settings: shopRush };
  return null;
}

/** The rushes of the shop's products that have one (absent: none, or not the shop's product). */
export async function loadProductRushes(
  db: Db | Tx,
  organisationId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductRush>> {
  const found = new Map<number, ProductRush>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select({ id: products.id, rush: products.rush, shopRush: organisations.rush })
    .from(products)
    .innerJoin(organisations, eq(organisations.id, products.organisationId))
    .where(and(eq(products.organisationId, organisationId), inArray(products.id, [...productIds])));
  for (const row of rows) {
    const rush = rushOf(row, row.shopRush);
    if (rush) found.set(row.id, rush);
  }
  return found;
}
