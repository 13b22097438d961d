import { productCrossSells, productUpsells, upsells } from '../db/schema.ts';
import { media, type SeedContext } from './context.ts';
import type { ProductIds } from './products.ts';
import type { ProductKey } from './texts/products.ts';
import { upsellTexts, type UpsellKey } from './texts/upsells.ts';

export type UpsellIds = Record<UpsellKey, number>;

const UPSELLS: {
  key: UpsellKey;
  image: string;
  priceCents: number;
  upsellType?: 'STANDARD' | 'DONATION';
  maxQuantity?: number;
  donationStepCents?: number;
  showOnTicket?: boolean;
}[] = [
  // Handed out at the door: printed on the ticket.
  { key: 'audio-guide', image: 'audio-guide.svg', priceCents: 450, showOnTicket: true },
  { key: 'coffee-cake', image: 'coffee.svg', priceCents: 600, maxQuantity: 4 },
  { key: 'museum-map', image: 'museum-map.svg', priceCents: 0 },
  // A donation starts at 0; the visitor steps it up by 2.50.
  {
    key: 'restoration-donation',
    image: 'donation.svg',
    priceCents: 0,
    upsellType: 'DONATION',
    donationStepCents: 250,
  },
];

/** Which upsells each product offers, in order. */
const PRODUCT_UPSELLS: Partial<Record<ProductKey, UpsellKey[]>> = {
  'museum-admission': ['audio-guide', 'coffee-cake', 'museum-map', 'restoration-donation'],
  'light-and-colour': ['audio-guide', 'coffee-cake', 'restoration-donation'],
  'highlights-tour': ['coffee-cake', 'museum-map'],
  'zoo-day': ['coffee-cake', 'restoration-donation'],
  'flex-ticket': ['audio-guide', 'museum-map'],
};

/** Products offered after a product, in order. */
const CROSS_SELLS: Partial<Record<ProductKey, ProductKey[]>> = {
  'museum-admission': ['canal-cruise', 'light-and-colour', 'zoo-day'],
  'light-and-colour': ['highlights-tour', 'canal-cruise'],
  'canal-cruise': ['museum-admission', 'escape-room'],
  'zoo-day': ['canal-cruise'],
  'escape-room': ['theatre-evening'],
};

export async function seedUpsells(
  { tx, organisationId }: SeedContext,
  productIds: ProductIds,
): Promise<UpsellIds> {
  const rows = await tx
    .insert(upsells)
    .values(
      UPSELLS.map((u) => ({
        organisationId,
        title: upsellTexts[u.key].title,
        description: upsellTexts[u.key].description,
        image: media(u.image),
        priceCents: u.priceCents,
        upsellType: u.upsellType ?? 'STANDARD',
        maxQuantity: u.maxQuantity ?? null,
        donationStepCents: u.donationStepCents ?? null,
        showOnTicket: u.showOnTicket ?? false,
      })),
    )
    .returning({ id: upsells.id, title: upsells.title });
  const upsellIds = Object.fromEntries(
    UPSELLS.map((u) => [u.key, rows.find((r) => r.title.en === upsellTexts[u.key].title.en)!.id]),
  ) as UpsellIds;

  await tx.insert(productUpsells).values(
    Object.entries(PRODUCT_UPSELLS).flatMap(([product, keys]) =>
      keys.map((key, sort) => ({
        productId: productIds[product as ProductKey],
        upsellId: upsellIds[key],
        sort,
      })),
    ),
  );
  await tx.insert(productCrossSells).values(
    Object.entries(CROSS_SELLS).flatMap(([product, crossProducts]) =>
      crossProducts.map((cross, sort) => ({
        productId: productIds[product as ProductKey],
        crossProductId: productIds[cross],
        sort,
      })),
    ),
  );
  return upsellIds;
}
