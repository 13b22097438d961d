import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import * as s from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import {
  DEMO_FIELDS,
  DEMO_PRODUCTS,
  type AudienceKey,
  type FieldKey,
  type GroupKey,
  type ProductKey,
} from './demo-keys.ts';

export type ProductIds = Record<ProductKey, number>;
export type ProductAudienceIds = Partial<Record<ProductKey, Partial<Record<AudienceKey, number>>>>;
export type GroupIds = Record<GroupKey, number>;
export type FieldIds = Record<FieldKey, number>;

export interface SeededProducts {
  productIds: ProductIds;
  audienceIds: ProductAudienceIds;
  /** Each product's own price (a plot without a price of its own costs this). */
  priceCents: Record<ProductKey, number>;
}

export interface SeededSubscriptions {
  yearPass: number;
  tenVisitCard: number;
  /** Audience ids of the year pass, for the demo client's passes. */
  yearPassAudiences: { adult: number; child: number };
}

export interface SeededVouchers {
  giftCard: number;
  familyDayOut: number;
  /** The €50 gift-card value, used for the demo client's issued code. */
  giftCard50: number;
}

export interface DemoCatalogueIds {
  groupIds: GroupIds;
  catalogue: SeededProducts;
  subscriptionIds: SeededSubscriptions;
  voucherIds: SeededVouchers;
  fieldIds: FieldIds;
}

function pick<K extends string>(
  rows: { key: string | null; id: number }[],
  keys: readonly K[],
  what: string,
): Record<K, number> {
  return Object.fromEntries(
    keys.map((key) => {
      const row = rows.find((r) => r.key === key);
      if (!row) throw new Error(`The demo catalogue has no ${what} "${key}"`);
      return [key, row.id];
    }),
  ) as Record<K, number>;
}

/** Looks up, by slug and key, the rows of the imported demo catalogue that the rest of the seed refers to. */
export async function demoCatalogueIds({ tx, organisationId }: SeedContext): Promise<DemoCatalogueIds> {
  // One after the other: the seed's transaction is one connection, which runs one query at a time (decision 0202).
  const groups = await tx
    .select({ id: s.clientGroups.id, key: s.clientGroups.key })
    .from(s.clientGroups)
    .where(eq(s.clientGroups.organisationId, organisationId));
  const products = await tx
    .select({ id: s.products.id, key: s.products.slug, priceCents: s.products.priceCents })
    .from(s.products)
    .where(eq(s.products.organisationId, organisationId));
  const subscriptions = await tx
    .select({ id: s.subscriptions.id, key: s.subscriptions.slug })
    .from(s.subscriptions)
    .where(eq(s.subscriptions.organisationId, organisationId));
  const vouchers = await tx
    .select({ id: s.vouchers.id, key: s.vouchers.slug })
    .from(s.vouchers)
    .where(eq(s.vouchers.organisationId, organisationId));
  const fields = await tx
    .select({ id: s.fields.id, key: s.fields.key })
    .from(s.fields)
    .where(eq(s.fields.organisationId, organisationId));
  const productIds = pick(products, DEMO_PRODUCTS, 'product');
  const audiences = await tx
    .select({
      id: s.audiences.id,
      key: s.audiences.key,
      productId: s.audiences.productId,
      subscriptionId: s.audiences.subscriptionId,
    })
    .from(s.audiences)
    .where(and(isNotNull(s.audiences.key), inArray(s.audiences.productId, Object.values(productIds))));
  const audienceIds: ProductAudienceIds = {};
  for (const product of DEMO_PRODUCTS)
    for (const a of audiences.filter((row) => row.productId === productIds[product]))
      (audienceIds[product] ??= {})[a.key as AudienceKey] = a.id;

  const { 'year-pass': yearPass, 'ten-visit-card': tenVisitCard } = pick(
    subscriptions,
    ['year-pass', 'ten-visit-card'],
    'subscription',
  );
  const passAudiences = await tx
    .select({ id: s.audiences.id, key: s.audiences.key })
    .from(s.audiences)
    .where(eq(s.audiences.subscriptionId, yearPass));
  const { 'gift-card': giftCard, 'family-day-out': familyDayOut } = pick(
    vouchers,
    ['gift-card', 'family-day-out'],
    'voucher',
  );
  const values = await tx
    .select({ id: s.voucherValues.id, key: s.voucherValues.key })
    .from(s.voucherValues)
    .where(eq(s.voucherValues.voucherId, giftCard));
  return {
    groupIds: pick(groups, ['friends', 'schools'], 'client group'),
    catalogue: {
      productIds,
      audienceIds,
      priceCents: Object.fromEntries(
        DEMO_PRODUCTS.map((p) => [p, products.find((row) => row.key === p)!.priceCents]),
      ) as Record<ProductKey, number>,
    },
    subscriptionIds: {
      yearPass,
      tenVisitCard,
      yearPassAudiences: pick(passAudiences, ['adult', 'child'], 'year-pass audience'),
    },
    voucherIds: { giftCard, familyDayOut, giftCard50: pick(values, ['50'], 'gift-card value')['50'] },
    fieldIds: pick(fields, DEMO_FIELDS, 'field'),
  };
}
