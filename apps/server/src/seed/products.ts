import { audiences, products } from '../db/schema.ts';
import { CATALOGUE } from './catalogue.ts';
import type { CategoryIds } from './categories.ts';
import { media, type SeedContext } from './context.ts';
import type { GroupIds } from './groups.ts';
import { audienceTexts, type AudienceKey } from './texts/audiences.ts';
import { keyFactTexts } from './texts/key-facts.ts';
import { productTexts, type ProductKey } from './texts/products.ts';
import { labelTexts } from './texts/shop.ts';

export type ProductIds = Record<ProductKey, number>;
export type ProductAudienceIds = Partial<Record<ProductKey, Partial<Record<AudienceKey, number>>>>;

export interface SeededProducts {
  productIds: ProductIds;
  audienceIds: ProductAudienceIds;
}

export async function seedProducts(
  { tx, organisationId }: SeedContext,
  categoryIds: CategoryIds,
  groupIds: GroupIds,
): Promise<SeededProducts> {
  const rows = await tx
    .insert(products)
    .values(
      CATALOGUE.map((p, sort) => ({
        organisationId,
        categoryId: p.category ? categoryIds[p.category] : null,
        slug: p.key,
        title: productTexts[p.key].title,
        description: productTexts[p.key].description,
        image: media(p.image),
        label: p.label ? labelTexts[p.label] : null,
        state: p.state ?? 'PUBLISHED',
        visible: p.visible ?? true,
        sort,
        groupIds: p.group ? [groupIds[p.group]] : [],
        priceType: p.priceType ?? 'FIXED',
        capacityType: p.capacityType ?? 'PLOT',
        priceCents: p.priceCents,
        minQuantity: p.minQuantity ?? 1,
        maxQuantity: p.maxQuantity ?? null,
        hasDays: p.hasDays ?? false,
        hasTimeslots: p.hasTimeslots ?? false,
        showEndTime: p.showEndTime ?? false,
        showAvailability: p.showAvailability ?? false,
        allowReservations: p.allowReservations ?? false,
        keyFacts: keyFactTexts[p.key],
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const productIds = Object.fromEntries(rows.map((r) => [r.slug, r.id])) as ProductIds;

  const audienceRows = CATALOGUE.flatMap((p) =>
    (p.audiences ?? []).map((a, sort) => ({ product: p.key, seed: a, sort })),
  );
  const inserted = await tx
    .insert(audiences)
    .values(
      audienceRows.map(({ product, seed, sort }) => ({
        productId: productIds[product],
        name: audienceTexts[seed.key].name,
        description: audienceTexts[seed.key].description,
        priceCents: seed.priceCents,
        group: seed.group ?? null,
        minQuantity: seed.minQuantity ?? 0,
        dependant: seed.dependant ?? false,
        sort,
      })),
    )
    .returning({ id: audiences.id, productId: audiences.productId, sort: audiences.sort });

  const audienceIds: ProductAudienceIds = {};
  for (const { product, seed, sort } of audienceRows) {
    const row = inserted.find((r) => r.productId === productIds[product] && r.sort === sort);
    (audienceIds[product] ??= {})[seed.key] = row!.id;
  }
  return { productIds, audienceIds };
}
