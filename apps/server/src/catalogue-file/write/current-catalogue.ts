import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

export type CurrentCatalogue = Awaited<ReturnType<typeof loadCurrentCatalogue>>;

/** The shop's catalogue rows before an import, archived ones included: what the file's rows are matched with. */
export async function loadCurrentCatalogue(tx: Tx, organisationId: number) {
  // One after the other: a transaction is one connection, which runs one query at a time anyway (decision 0202).
  const groups = await tx
    .select()
    .from(s.clientGroups)
    .where(eq(s.clientGroups.organisationId, organisationId));
  const categories = await tx
    .select()
    .from(s.categories)
    .where(eq(s.categories.organisationId, organisationId));
  const upsells = await tx.select().from(s.upsells).where(eq(s.upsells.organisationId, organisationId));
  const products = await tx.select().from(s.products).where(eq(s.products.organisationId, organisationId));
  const subscriptions = await tx
    .select()
    .from(s.subscriptions)
    .where(eq(s.subscriptions.organisationId, organisationId));
  const vouchers = await tx.select().from(s.vouchers).where(eq(s.vouchers.organisationId, organisationId));
  const coupons = await tx.select().from(s.coupons).where(eq(s.coupons.organisationId, organisationId));
  const fields = await tx.select().from(s.fields).where(eq(s.fields.organisationId, organisationId));
  const audiences = await loadAudiences(
    tx,
    products.map((p) => p.id),
    subscriptions.map((x) => x.id),
  );
  const voucherIds = vouchers.map((v) => v.id);
  const values = voucherIds.length
    ? await tx.select().from(s.voucherValues).where(inArray(s.voucherValues.voucherId, voucherIds))
    : [];
  return {
    organisationId,
    groups,
    categories,
    upsells,
    products,
    subscriptions,
    vouchers,
    coupons,
    fields,
    audiences,
    values,
  };
}

async function loadAudiences(tx: Tx, productIds: number[], subscriptionIds: number[]) {
  if (productIds.length + subscriptionIds.length === 0) return [];
  return tx
    .select()
    .from(s.audiences)
    .where(
      or(
        productIds.length ? inArray(s.audiences.productId, productIds) : undefined,
        subscriptionIds.length ? inArray(s.audiences.subscriptionId, subscriptionIds) : undefined,
      ),
    );
}
