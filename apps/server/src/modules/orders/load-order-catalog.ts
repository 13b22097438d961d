import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audiences, plotAudiencePrices, plots, productUpsells, products, upsells } from '../../db/schema.ts';
import { offeredItem } from '../catalog/displayable.ts';

export type ProductRow = typeof products.$inferSelect;
export type PlotRow = typeof plots.$inferSelect;
export type AudienceRow = typeof audiences.$inferSelect;
export type UpsellRow = typeof upsells.$inferSelect;

/** Everything pricing needs about the products of one order request, loaded server-side. */
export interface OrderCatalog {
  products: Map<number, ProductRow>;
  /** Audiences by product id, in shop order. */
  audiences: Map<number, AudienceRow[]>;
  /** The requested plots and every product's open plot (date null). */
  plots: Map<number, PlotRow>;
  /** Plot id → audience id → cents. */
  plotAudiencePrices: Map<number, Map<number, number>>;
  /** Upsells offered with each product, by product id then upsell id. */
  upsells: Map<number, Map<number, UpsellRow>>;
}

export interface CatalogRequest {
  organisationId: number;
  viewerGroupIds: readonly number[];
  productIds: readonly number[];
  plotIds: readonly number[];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/**
 * Loads the products (only those this viewer may order), their audiences,
 * upsells, the requested and open plots and plot audience prices, side by
 * side. Client-sent prices are never read: this is the price source.
 */
export async function loadOrderCatalog(db: Db, request: CatalogRequest): Promise<OrderCatalog> {
  const productIds = [...new Set(request.productIds)];
  const plotIds = [...new Set(request.plotIds)];
  const plotFilter = and(
    inArray(plots.productId, productIds),
    plotIds.length > 0 ? or(inArray(plots.id, plotIds), isNull(plots.date)) : isNull(plots.date),
  );
  const [productRows, audienceRows, plotRows, upsellRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(
        and(
          inArray(products.id, productIds),
          offeredItem(products, request.organisationId, request.viewerGroupIds),
        ),
      ),
    db
      .select()
      .from(audiences)
      .where(inArray(audiences.productId, productIds))
      .orderBy(asc(audiences.sort), asc(audiences.id)),
    db.select().from(plots).where(plotFilter).orderBy(asc(plots.id)),
    db
      .select({ productId: productUpsells.productId, upsell: upsells })
      .from(productUpsells)
      .innerJoin(upsells, eq(upsells.id, productUpsells.upsellId))
      .where(
        and(
          inArray(productUpsells.productId, productIds),
          eq(upsells.organisationId, request.organisationId),
        ),
      ),
  ]);
  // Plot audience prices only matter to products sold per audience.
  const priceRows =
    plotRows.length === 0 || audienceRows.length === 0
      ? []
      : await db
          .select()
          .from(plotAudiencePrices)
          .where(
            inArray(
              plotAudiencePrices.plotId,
              plotRows.map((plot) => plot.id),
            ),
          );
  const plotPrices = new Map<number, Map<number, number>>();
  for (const row of priceRows) {
    const prices = plotPrices.get(row.plotId) ?? new Map<number, number>();
    prices.set(row.audienceId, row.priceCents);
    plotPrices.set(row.plotId, prices);
  }
  const upsellsByProduct = new Map<number, Map<number, UpsellRow>>();
  for (const [productId, rows] of groupBy(upsellRows, (row) => row.productId)) {
    upsellsByProduct.set(productId, new Map(rows.map((row) => [row.upsell.id, row.upsell])));
  }
  return {
    products: new Map(productRows.map((row) => [row.id, row])),
    audiences: groupBy(audienceRows, (row) => row.productId ?? 0),
    plots: new Map(plotRows.map((row) => [row.id, row])),
    plotAudiencePrices: plotPrices,
    upsells: upsellsByProduct,
  };
}
