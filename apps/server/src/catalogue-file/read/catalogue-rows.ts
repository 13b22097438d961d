import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { readSchedules } from '../schedules-adapter.ts';

export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;

/**
 * Every catalogue row of the shop, each list in the file's order. Archived
 * products, subscriptions and vouchers are left out, and so are their
 * audiences, links, values, open plots and schedules. The queries of one
 * round run together, which wants the pool: in a transaction they would
 * queue on its one connection (decision 0202).
 */
export async function loadCatalogueRows(db: Db | Tx, organisationId: number) {
  const [organisation] = await db
    .select()
    .from(s.organisations)
    .where(eq(s.organisations.id, organisationId));
  if (!organisation) throw new Error(`No organisation ${organisationId}`);
  const own = await loadOwnRows(db, organisationId);
  const live = <R extends { state: s.ItemState }>(rows: R[]) => rows.filter((r) => r.state !== 'ARCHIVED');
  const products = live(own.products);
  const subscriptions = live(own.subscriptions);
  const vouchers = live(own.vouchers);
  const children = await loadChildRows(db, {
    productIds: products.map((p) => p.id),
    subscriptionIds: subscriptions.map((x) => x.id),
    voucherIds: vouchers.map((v) => v.id),
  });
  return { organisation, ...own, products, subscriptions, vouchers, ...children };
}

/** The rows that belong to the organisation itself. */
async function loadOwnRows(db: Db | Tx, organisationId: number) {
  const [fees, groups, categories, upsells, products, subscriptions, vouchers, coupons, fields, faq] =
    await Promise.all([
      db
        .select()
        .from(s.organisationAdditions)
        .where(eq(s.organisationAdditions.organisationId, organisationId))
        .orderBy(asc(s.organisationAdditions.sort), asc(s.organisationAdditions.id)),
      db
        .select()
        .from(s.clientGroups)
        .where(eq(s.clientGroups.organisationId, organisationId))
        .orderBy(asc(s.clientGroups.id)),
      db
        .select()
        .from(s.categories)
        .where(eq(s.categories.organisationId, organisationId))
        .orderBy(asc(s.categories.sort), asc(s.categories.id)),
      db
        .select()
        .from(s.upsells)
        .where(eq(s.upsells.organisationId, organisationId))
        .orderBy(asc(s.upsells.id)),
      db
        .select()
        .from(s.products)
        .where(and(eq(s.products.organisationId, organisationId)))
        .orderBy(asc(s.products.sort), asc(s.products.id)),
      db
        .select()
        .from(s.subscriptions)
        .where(eq(s.subscriptions.organisationId, organisationId))
        .orderBy(asc(s.subscriptions.sort), asc(s.subscriptions.id)),
      db
        .select()
        .from(s.vouchers)
        .where(eq(s.vouchers.organisationId, organisationId))
        .orderBy(asc(s.vouchers.sort), asc(s.vouchers.id)),
      // A client's own coupon (a loyalty code) is not part of the catalogue.
      db
        .select()
        .from(s.coupons)
        .where(and(eq(s.coupons.organisationId, organisationId), isNull(s.coupons.clientId)))
        .orderBy(asc(s.coupons.id)),
      db
        .select()
        .from(s.fields)
        .where(eq(s.fields.organisationId, organisationId))
        .orderBy(asc(s.fields.sort), asc(s.fields.id)),
      db
        .select()
        .from(s.faqQuestions)
        .where(eq(s.faqQuestions.organisationId, organisationId))
        .orderBy(asc(s.faqQuestions.sort), asc(s.faqQuestions.id)),
    ]);
  return { fees, groups, categories, upsells, products, subscriptions, vouchers, coupons, fields, faq };
}

/** The rows that belong to the shop's live products, subscriptions and vouchers. */
async function loadChildRows(
  db: Db | Tx,
  ids: { productIds: number[]; subscriptionIds: number[]; voucherIds: number[] },
) {
  const { productIds, subscriptionIds, voucherIds } = ids;
  const [audiences, productUpsells, subscriptionUpsells, crossSells, values, openPlots, schedules] =
    await Promise.all([
      productIds.length + subscriptionIds.length === 0
        ? []
        : db
            .select()
            .from(s.audiences)
            .where(
              or(
                productIds.length ? inArray(s.audiences.productId, productIds) : undefined,
                subscriptionIds.length ? inArray(s.audiences.subscriptionId, subscriptionIds) : undefined,
              ),
            )
            .orderBy(asc(s.audiences.sort), asc(s.audiences.id)),
      productIds.length
        ? db
            .select()
            .from(s.productUpsells)
            .where(inArray(s.productUpsells.productId, productIds))
            .orderBy(asc(s.productUpsells.sort))
        : [],
      subscriptionIds.length
        ? db
            .select()
            .from(s.subscriptionUpsells)
            .where(inArray(s.subscriptionUpsells.subscriptionId, subscriptionIds))
            .orderBy(asc(s.subscriptionUpsells.sort))
        : [],
      productIds.length
        ? db
            .select()
            .from(s.productCrossSells)
            .where(inArray(s.productCrossSells.productId, productIds))
            .orderBy(asc(s.productCrossSells.sort))
        : [],
      voucherIds.length
        ? db
            .select()
            .from(s.voucherValues)
            .where(inArray(s.voucherValues.voucherId, voucherIds))
            .orderBy(asc(s.voucherValues.sort), asc(s.voucherValues.id))
        : [],
      productIds.length
        ? db
            .select({ productId: s.plots.productId, capacity: s.plots.capacity })
            .from(s.plots)
            .where(and(inArray(s.plots.productId, productIds), isNull(s.plots.date)))
            .orderBy(asc(s.plots.id))
        : [],
      readSchedules(db as Tx, productIds),
    ]);
  return { audiences, productUpsells, subscriptionUpsells, crossSells, values, openPlots, schedules };
}
