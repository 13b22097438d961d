import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { ordersWithLines } from '../sold-items.ts';
import type { CurrentCatalogue } from './current-catalogue.ts';

/** The slugs the file keeps of each kind of item, with their ids. */
export interface KeptItems {
  productIds: ReadonlyMap<string, number>;
  subscriptionIds: ReadonlyMap<string, number>;
  voucherIds: ReadonlyMap<string, number>;
}

type ItemRow = { id: number; slug: string; state: s.ItemState };

/** Ids of the rows the file no longer has and that are not archived yet. */
function gone(rows: ItemRow[], kept: ReadonlyMap<string, number>): number[] {
  return rows.filter((r) => !kept.has(r.slug) && r.state !== 'ARCHIVED').map((r) => r.id);
}

/**
 * Items the file no longer has: deleted when nothing was ever ordered,
 * archived (kept for the orders that name them) otherwise. Live orders were
 * refused before; these only have expired, cancelled or failed ones.
 */
export async function removeItems(tx: Tx, current: CurrentCatalogue | null, kept: KeptItems): Promise<void> {
  if (!current) return;
  await removeProducts(tx, gone(current.products, kept.productIds));
  await removeSubscriptions(tx, gone(current.subscriptions, kept.subscriptionIds));
  await removeVouchers(tx, current, gone(current.vouchers, kept.voucherIds));
}

async function removeProducts(tx: Tx, products: number[]): Promise<void> {
  const ordered = await ordersWithLines(tx, 'productId', products);
  for (const id of products)
    if (ordered.has(id)) await tx.update(s.products).set({ state: 'ARCHIVED' }).where(eq(s.products.id, id));
    else await tx.delete(s.products).where(eq(s.products.id, id));
}

/** A subscription someone holds is kept too: their passes name it. */
async function removeSubscriptions(tx: Tx, subscriptions: number[]): Promise<void> {
  const ordered = await ordersWithLines(tx, 'subscriptionId', subscriptions);
  const held = subscriptions.length
    ? await tx
        .select({ id: s.clientSubscriptions.subscriptionId })
        .from(s.clientSubscriptions)
        .where(inArray(s.clientSubscriptions.subscriptionId, subscriptions))
    : [];
  for (const id of subscriptions)
    if (ordered.has(id) || held.some((h) => h.id === id))
      await tx.update(s.subscriptions).set({ state: 'ARCHIVED' }).where(eq(s.subscriptions.id, id));
    else await tx.delete(s.subscriptions).where(eq(s.subscriptions.id, id));
}

/** A voucher is ordered through its values. */
async function removeVouchers(tx: Tx, current: CurrentCatalogue, vouchers: number[]): Promise<void> {
  const values = current.values.filter((v) => vouchers.includes(v.voucherId));
  const ordered = await ordersWithLines(
    tx,
    'voucherValueId',
    values.map((v) => v.id),
  );
  for (const id of vouchers)
    if (values.some((v) => v.voucherId === id && ordered.has(v.id)))
      await tx.update(s.vouchers).set({ state: 'ARCHIVED' }).where(eq(s.vouchers.id, id));
    else await tx.delete(s.vouchers).where(eq(s.vouchers.id, id));
}
