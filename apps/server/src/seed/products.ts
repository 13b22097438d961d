import { audiences, products, type CapacityType, type ItemState, type PriceType } from '../db/schema.ts';
import type { CategoryIds } from './categories.ts';
import { media, type SeedContext } from './context.ts';
import type { GroupIds } from './groups.ts';
import { audienceTexts } from './texts/audiences.ts';
import { productTexts, type ProductKey } from './texts/products.ts';
import { labelTexts } from './texts/shop.ts';

export type AudienceKey = keyof typeof audienceTexts;
export type ProductIds = Record<ProductKey, number>;
export type ProductAudienceIds = Partial<Record<ProductKey, Partial<Record<AudienceKey, number>>>>;

interface AudienceSeed {
  key: AudienceKey;
  priceCents: number;
  dependant?: boolean;
  minQuantity?: number;
  group?: string;
}

interface ProductSeed {
  key: ProductKey;
  category: keyof CategoryIds | null;
  image: string;
  priceCents: number;
  priceType?: PriceType;
  capacityType?: CapacityType;
  label?: keyof typeof labelTexts;
  state?: ItemState;
  visible?: boolean;
  group?: keyof GroupIds;
  minQuantity?: number;
  maxQuantity?: number;
  hasDays?: boolean;
  hasTimeslots?: boolean;
  showEndTime?: boolean;
  showAvailability?: boolean;
  allowReservations?: boolean;
  audiences?: AudienceSeed[];
}

/** The catalogue: one of each kind of product the storefront must handle. */
const CATALOGUE: ProductSeed[] = [
  {
    key: 'museum-admission',
    category: 'museum',
    image: 'museum-hall.svg',
    priceCents: 1750,
    priceType: 'AUDIENCE',
    hasDays: true,
    showAvailability: true,
    label: 'familyFavourite',
    audiences: [
      { key: 'adult', priceCents: 1750 },
      { key: 'child', priceCents: 850, dependant: true },
      { key: 'senior', priceCents: 1500 },
    ],
  },
  {
    key: 'light-and-colour',
    category: 'exhibitions',
    image: 'light-colour.svg',
    priceCents: 2250,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    label: 'new',
  },
  {
    key: 'highlights-tour',
    category: 'tours',
    image: 'guided-tour.svg',
    priceCents: 1950,
    priceType: 'AUDIENCE',
    hasDays: true,
    hasTimeslots: true,
    audiences: [
      { key: 'adult', priceCents: 1950 },
      { key: 'child', priceCents: 950, dependant: true },
      { key: 'studentGroup', priceCents: 1200, minQuantity: 5, group: 'groups' },
    ],
  },
  {
    key: 'zoo-day',
    category: 'days-out',
    image: 'zoo.svg',
    priceCents: 2400,
    capacityType: 'NONE',
    hasDays: true,
    label: 'popular',
  },
  {
    key: 'canal-cruise',
    category: 'water',
    image: 'boat-tour.svg',
    priceCents: 1650,
    hasDays: true,
    hasTimeslots: true,
  },
  {
    key: 'escape-room',
    category: 'experiences',
    image: 'escape-room.svg',
    priceCents: 2750,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    minQuantity: 2,
    maxQuantity: 6,
    allowReservations: true,
    label: 'popular',
  },
  {
    key: 'theatre-evening',
    category: 'experiences',
    image: 'theatre.svg',
    priceCents: 2950,
    priceType: 'DYNAMIC',
    hasDays: true,
    hasTimeslots: true,
  },
  { key: 'flex-ticket', category: null, image: 'flex-ticket.svg', priceCents: 1950, label: 'bestValue' },
  {
    key: 'photo-permit',
    category: null,
    image: 'photo-permit.svg',
    priceCents: 1000,
    capacityType: 'NONE',
    visible: false,
    maxQuantity: 1,
  },
  {
    key: 'members-preview',
    category: 'members',
    image: 'members-evening.svg',
    priceCents: 0,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    group: 'friends',
    maxQuantity: 2,
    label: 'membersOnly',
  },
  {
    key: 'school-visit',
    category: 'tours',
    image: 'school-visit.svg',
    priceCents: 450,
    hasDays: true,
    showAvailability: true,
    group: 'schools',
    minQuantity: 10,
    maxQuantity: 35,
  },
  {
    key: 'winter-festival',
    category: 'coming-soon',
    image: 'winter-festival.svg',
    priceCents: 1250,
    hasDays: true,
    state: 'DRAFT',
  },
];

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
