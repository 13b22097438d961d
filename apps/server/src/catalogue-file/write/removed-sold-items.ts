import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { Tx } from '../../db/client.ts';
import type { ItemState } from '../../db/schema.ts';
import { LIVE_ORDER_STATUSES, nameOrders, ordersWithLines } from '../sold-items.ts';
import type { CurrentCatalogue } from './current-catalogue.ts';

type ItemRow = { id: number; slug: string; state: ItemState };

/** Rows the file leaves out that are still on sale (archived ones are gone already). */
function leftOut<R extends ItemRow>(rows: R[], kept: ReadonlyMap<string, unknown>): R[] {
  return rows.filter((r) => r.state !== 'ARCHIVED' && !kept.has(r.slug));
}

/** A product, subscription or voucher the file removes while orders for it stand: one reason each. */
export async function removedSoldItems(
  tx: Tx,
  file: CatalogueFile,
  current: CurrentCatalogue,
): Promise<string[]> {
  const reasons: string[] = [];
  const standing = (what: string, slug: string, references: string[]) =>
    reasons.push(`${what} "${slug}" cannot be removed while orders stand (${nameOrders(references)})`);

  const products = leftOut(current.products, new Map(file.products.map((p) => [p.slug, p])));
  const productOrders = await ordersWithLines(
    tx,
    'productId',
    products.map((p) => p.id),
    LIVE_ORDER_STATUSES,
  );
  for (const p of products)
    if (productOrders.has(p.id)) standing('product', p.slug, productOrders.get(p.id)!);

  const subscriptions = leftOut(current.subscriptions, new Map(file.subscriptions.map((x) => [x.slug, x])));
  const subscriptionOrders = await ordersWithLines(
    tx,
    'subscriptionId',
    subscriptions.map((x) => x.id),
    LIVE_ORDER_STATUSES,
  );
  for (const x of subscriptions)
    if (subscriptionOrders.has(x.id)) standing('subscription', x.slug, subscriptionOrders.get(x.id)!);

  const vouchers = leftOut(current.vouchers, new Map(file.vouchers.map((v) => [v.slug, v])));
  const valueOrders = await ordersWithLines(
    tx,
    'voucherValueId',
    current.values.filter((v) => vouchers.some((x) => x.id === v.voucherId)).map((v) => v.id),
    LIVE_ORDER_STATUSES,
  );
  for (const v of vouchers) {
    const references = current.values
      .filter((value) => value.voucherId === v.id)
      .flatMap((value) => valueOrders.get(value.id) ?? []);
    if (references.length) standing('voucher', v.slug, [...new Set(references)]);
  }
  return reasons;
}
