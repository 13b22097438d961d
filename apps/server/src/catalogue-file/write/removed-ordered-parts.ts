import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { Tx } from '../../db/client.ts';
import { nameOrders, ordersWithLines } from '../sold-items.ts';
import type { CurrentCatalogue } from './current-catalogue.ts';
import { rowKey } from '../row-key.ts';

/**
 * An audience, upsell or voucher value the file removes that was ever
 * ordered (the order lines keep pointing at it): one reason each.
 */
export async function removedOrderedParts(
  tx: Tx,
  file: CatalogueFile,
  current: CurrentCatalogue,
): Promise<string[]> {
  return [
    ...(await removedAudiences(tx, file, current)),
    ...(await removedUpsells(tx, file, current)),
    ...(await removedValues(tx, file, current)),
  ];
}

/** Audiences of items the file keeps, that the file leaves out. */
async function removedAudiences(tx: Tx, file: CatalogueFile, current: CurrentCatalogue): Promise<string[]> {
  const fileProducts = new Map(file.products.map((p) => [p.slug, p]));
  const fileSubscriptions = new Map(file.subscriptions.map((x) => [x.slug, x]));
  const ownerOf = (a: CurrentCatalogue['audiences'][number]) => ({
    product: current.products.find((p) => p.id === a.productId),
    subscription: current.subscriptions.find((x) => x.id === a.subscriptionId),
  });
  const removed = current.audiences.filter((a) => {
    const { product, subscription } = ownerOf(a);
    const kept = product
      ? fileProducts.get(product.slug)?.audiences
      : subscription
        ? fileSubscriptions.get(subscription.slug)?.audiences
        : undefined;
    return kept !== undefined && !kept.some((k) => k.key === rowKey(a, 'audience'));
  });
  const orders = await ordersWithLines(
    tx,
    'audienceId',
    removed.map((a) => a.id),
  );
  return removed.flatMap((a) => {
    if (!orders.has(a.id)) return [];
    const { product, subscription } = ownerOf(a);
    const owner = product?.slug ?? subscription?.slug;
    return [
      `audience "${rowKey(a, 'audience')}" of "${owner}" cannot be removed: it has tickets (${nameOrders(orders.get(a.id)!)})`,
    ];
  });
}

async function removedUpsells(tx: Tx, file: CatalogueFile, current: CurrentCatalogue): Promise<string[]> {
  const fileUpsells = new Set(file.upsells.map((u) => u.key));
  const removed = current.upsells.filter((u) => !fileUpsells.has(rowKey(u, 'upsell')));
  const orders = await ordersWithLines(
    tx,
    'upsellId',
    removed.map((u) => u.id),
  );
  return removed.flatMap((u) =>
    orders.has(u.id)
      ? [
          `upsell "${rowKey(u, 'upsell')}" cannot be removed: it was ordered (${nameOrders(orders.get(u.id)!)})`,
        ]
      : [],
  );
}

/** Values of vouchers the file keeps, that the file leaves out. */
async function removedValues(tx: Tx, file: CatalogueFile, current: CurrentCatalogue): Promise<string[]> {
  const fileVouchers = new Map(file.vouchers.map((v) => [v.slug, v]));
  const removed = current.values.filter((v) => {
    const voucher = current.vouchers.find((x) => x.id === v.voucherId);
    const kept = voucher ? fileVouchers.get(voucher.slug)?.values : undefined;
    return kept !== undefined && !kept.some((k) => k.key === rowKey(v, 'value'));
  });
  const orders = await ordersWithLines(
    tx,
    'voucherValueId',
    removed.map((v) => v.id),
  );
  return removed.flatMap((v) =>
    orders.has(v.id)
      ? [
          `voucher value "${rowKey(v, 'value')}" cannot be removed: it was ordered (${nameOrders(orders.get(v.id)!)})`,
        ]
      : [],
  );
}
