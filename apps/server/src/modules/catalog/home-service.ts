import type { HomeProducts } from '@kassa/domain/contract/catalog';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, subscriptions, vouchers } from '../../db/schema.ts';
import type { CatalogViewer } from './catalog-viewer.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { productSummaryColumns, toProductSummary } from './product-summary.ts';
import { subscriptionSummaryColumns, toSubscriptionSummary } from './subscription-summary.ts';
import { toVoucherSummary, voucherSummaryColumns } from './voucher-summary.ts';

/**
 * Every item the viewer may see, categorised or not: the storefront decides
 * the layout (docs/storefront.md §2.2). Three queries, whatever the catalogue's
 * size.
 */
export async function homeItems(db: Db, viewer: CatalogViewer): Promise<HomeProducts> {
  const organisationId = viewer.organisation.id;
  const [productRows, subscriptionRows, voucherRows] = await Promise.all([
    db
      .select(productSummaryColumns)
      .from(products)
      .where(offeredItem(products, organisationId, viewer.groupIds))
      .orderBy(asc(products.sort), asc(products.id)),
    db
      .select(subscriptionSummaryColumns)
      .from(subscriptions)
      .where(offeredItem(subscriptions, organisationId, viewer.groupIds))
      .orderBy(asc(subscriptions.sort), asc(subscriptions.id)),
    db
      .select(voucherSummaryColumns)
      .from(vouchers)
      .where(offeredItem(vouchers, organisationId, viewer.groupIds))
      .orderBy(asc(vouchers.sort), asc(vouchers.id)),
  ]);
  return {
    products: productRows.map((row) => toProductSummary(row, viewer)),
    subscriptions: subscriptionRows.map((row) => toSubscriptionSummary(row, viewer)),
    vouchers: voucherRows.map((row) => toVoucherSummary(row, viewer)),
  };
}
