import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import type { WriteContext } from './write-context.ts';

/** Each product's upsells and cross-sells, in file order, written anew: they need every product's id. */
export async function writeProductLinks(
  ctx: WriteContext,
  products: CatalogueFile['products'],
  productIds: ReadonlyMap<string, number>,
  upsellIds: ReadonlyMap<string, number>,
): Promise<void> {
  const { tx } = ctx;
  for (const product of products) {
    const productId = productIds.get(product.slug)!;
    await tx.delete(s.productUpsells).where(eq(s.productUpsells.productId, productId));
    if (product.upsells.length)
      await tx
        .insert(s.productUpsells)
        .values(product.upsells.map((key, sort) => ({ productId, upsellId: upsellIds.get(key)!, sort })));
    await tx.delete(s.productCrossSells).where(eq(s.productCrossSells.productId, productId));
    if (product.cross_sells.length)
      await tx.insert(s.productCrossSells).values(
        product.cross_sells.map((slug, sort) => ({
          productId,
          crossProductId: productIds.get(slug)!,
          sort,
        })),
      );
  }
}
