import { audiences, subscriptions, subscriptionUpsells } from '../db/schema.ts';
import { media, type SeedContext } from './context.ts';
import type { ProductIds } from './products.ts';
import { audienceTexts } from './texts/audiences.ts';
import { subscriptionTexts } from './texts/passes-and-vouchers.ts';
import { labelTexts } from './texts/shop.ts';
import type { UpsellIds } from './upsells.ts';

export interface SeededSubscriptions {
  yearPass: number;
  tenVisitCard: number;
  /** Audience ids of the year pass, for the demo client's passes. */
  yearPassAudiences: { adult: number; child: number };
}

/**
 * A PHYSICAL year pass (a person per pass, unlimited visits, renewable) and
 * an ONLINE ten-visit card (redeemed in the product flow, 10 redemptions).
 */
export async function seedSubscriptions(
  { tx, organisationId }: SeedContext,
  categoryId: number,
  productIds: ProductIds,
  upsellIds: UpsellIds,
): Promise<SeededSubscriptions> {
  const rows = await tx
    .insert(subscriptions)
    .values([
      {
        organisationId,
        categoryId,
        slug: 'year-pass',
        title: subscriptionTexts['year-pass'].title,
        description: subscriptionTexts['year-pass'].description,
        image: media('year-pass.svg'),
        label: labelTexts.bestValue,
        type: 'PHYSICAL' as const,
        priceCents: 5900,
        productIds: [
          productIds['museum-admission'],
          productIds['light-and-colour'],
          productIds['highlights-tour'],
        ],
        redemptions: -1,
        validityDays: 365,
        sort: 0,
      },
      {
        organisationId,
        categoryId: null,
        slug: 'ten-visit-card',
        title: subscriptionTexts['ten-visit-card'].title,
        description: subscriptionTexts['ten-visit-card'].description,
        image: media('strip-card.svg'),
        type: 'ONLINE' as const,
        priceCents: 12000,
        productIds: [productIds['museum-admission'], productIds['zoo-day'], productIds['canal-cruise']],
        redemptions: 10,
        validityDays: 730,
        sort: 1,
      },
    ])
    .returning({ id: subscriptions.id, slug: subscriptions.slug });
  const yearPass = rows.find((r) => r.slug === 'year-pass')!.id;
  const tenVisitCard = rows.find((r) => r.slug === 'ten-visit-card')!.id;

  const audienceRows = await tx
    .insert(audiences)
    .values([
      {
        subscriptionId: yearPass,
        name: audienceTexts.adult.name,
        description: audienceTexts.adult.description,
        priceCents: 5900,
        sort: 0,
      },
      {
        subscriptionId: yearPass,
        name: audienceTexts.child.name,
        description: audienceTexts.child.description,
        priceCents: 2900,
        sort: 1,
      },
      {
        subscriptionId: tenVisitCard,
        name: audienceTexts.cardholder.name,
        description: audienceTexts.cardholder.description,
        priceCents: 12000,
        sort: 0,
      },
    ])
    .returning({ id: audiences.id, subscriptionId: audiences.subscriptionId, sort: audiences.sort });
  const yearPassAudience = (sort: number) =>
    audienceRows.find((r) => r.subscriptionId === yearPass && r.sort === sort)!.id;

  await tx.insert(subscriptionUpsells).values([
    { subscriptionId: yearPass, upsellId: upsellIds['museum-map'], sort: 0 },
    { subscriptionId: yearPass, upsellId: upsellIds['restoration-donation'], sort: 1 },
    { subscriptionId: tenVisitCard, upsellId: upsellIds['audio-guide'], sort: 0 },
  ]);
  return {
    yearPass,
    tenVisitCard,
    yearPassAudiences: { adult: yearPassAudience(0), child: yearPassAudience(1) },
  };
}
