import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { rushPhase } from '@kassa/domain/rules/rush';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productCrossSells, productUpsells, products } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { salesWindowAvailability } from '../availability/sales-window-availability.ts';
import { audiencesOf } from './audiences.ts';
import type { CatalogViewer } from './catalog-viewer.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { toKeyFacts } from './key-facts.ts';
import { openPlotOf } from './open-plot.ts';
import { productSummaryColumns, toProductSummary, type ProductSummaryRow } from './product-summary.ts';

/** The product row if this viewer may see it; 404 PRODUCT_NOT_FOUND otherwise. */
export async function offeredProduct(db: Db, viewer: CatalogViewer, id: number): Promise<ProductSummaryRow> {
  const [row] = await db
    .select(productSummaryColumns)
    .from(products)
    .where(and(eq(products.id, id), offeredItem(products, viewer.organisation.id, viewer.groupIds)))
    .limit(1);
  if (!row) throw notFound('PRODUCT_NOT_FOUND', 'Product not found');
  return row;
}

/** Everything the product order flow needs up front (docs/storefront.md §3.2). */
export async function getProduct(
  db: Db,
  viewer: CatalogViewer,
  id: number,
  now: Date,
): Promise<ProductDetail> {
  const row = await offeredProduct(db, viewer, id);
  const [audiences, crossSellRows, [upsells], open, [facts]] = await Promise.all([
    audiencesOf(db, viewer, { productId: id }),
    db
      .select(productSummaryColumns)
      .from(productCrossSells)
      .innerJoin(products, eq(products.id, productCrossSells.crossProductId))
      // A cross-sell is offered only when the viewer could open it on its own.
      .where(
        and(
          eq(productCrossSells.productId, id),
          offeredItem(products, viewer.organisation.id, viewer.groupIds),
        ),
      )
      .orderBy(asc(productCrossSells.sort), asc(products.id)),
    db.select({ count: count() }).from(productUpsells).where(eq(productUpsells.productId, id)),
    // Without days: the open plot's seats; with days: the most any date it sells has left.
    row.hasDays
      ? salesWindowAvailability(db, row, viewer.organisation.timeZone, now).then((availability) => ({
          plot: null,
          availability,
        }))
      : openPlotOf(db, row, now),
    // Only the detail carries key facts: list reads stay narrow.
    db
      .select({
        keyFacts: products.keyFacts,
        cancellationPolicy: products.cancellationPolicy,
        rush: products.rush,
      })
      .from(products)
      .where(eq(products.id, id))
      .limit(1),
  ]);
  return {
    ...toProductSummary(row, viewer),
    full: true,
    key_facts: toKeyFacts(facts?.keyFacts ?? [], viewer, facts?.cancellationPolicy),
    audiences,
    cross_sells: crossSellRows.map((crossSell) => toProductSummary(crossSell, viewer)),
    upsell_count: upsells?.count ?? 0,
    availability: open.availability,
    plot: open.plot,
    rush: [facts?.rush, viewer.organisation.rush].some((rush) => rush && rushPhase(rush, now) !== 'OVER'),
  };
}
