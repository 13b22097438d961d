import { voucherValues, vouchers } from '../db/schema.ts';
import { media, type SeedContext } from './context.ts';
import { voucherTexts, voucherValueTexts } from './texts/passes-and-vouchers.ts';
import { labelTexts } from './texts/shop.ts';

export interface SeededVouchers {
  giftCard: number;
  familyDayOut: number;
  /** The €50 gift-card value, used for the demo client's issued code. */
  giftCard50: number;
}

/** A gift card with three values (the €100 one limited) and a never-expiring family voucher. */
export async function seedVouchers({ tx, organisationId }: SeedContext): Promise<SeededVouchers> {
  const rows = await tx
    .insert(vouchers)
    .values([
      {
        organisationId,
        slug: 'gift-card',
        title: voucherTexts['gift-card'].title,
        description: voucherTexts['gift-card'].description,
        image: media('gift-card.svg'),
        label: labelTexts.giftIdea,
        maxQuantity: 10,
        validityDays: 365,
        sort: 0,
      },
      {
        organisationId,
        slug: 'family-day-out',
        title: voucherTexts['family-day-out'].title,
        description: voucherTexts['family-day-out'].description,
        image: media('family-voucher.svg'),
        maxQuantity: 5,
        showEndTime: true,
        validityDays: null,
        sort: 1,
      },
    ])
    .returning({ id: vouchers.id, slug: vouchers.slug });
  const giftCard = rows.find((r) => r.slug === 'gift-card')!.id;
  const familyDayOut = rows.find((r) => r.slug === 'family-day-out')!.id;

  const value = (voucherId: number, key: keyof typeof voucherValueTexts, cents: number, sort: number) => ({
    voucherId,
    name: voucherValueTexts[key].name,
    description: voucherValueTexts[key].description,
    priceCents: cents,
    creditCents: cents,
    sort,
  });
  const values = await tx
    .insert(voucherValues)
    .values([
      value(giftCard, '25', 2500, 0),
      value(giftCard, '50', 5000, 1),
      { ...value(giftCard, '100', 10000, 2), availability: 25 },
      value(familyDayOut, 'duo', 4000, 0),
      value(familyDayOut, 'family', 7000, 1),
    ])
    .returning({ id: voucherValues.id, voucherId: voucherValues.voucherId, sort: voucherValues.sort });
  const giftCard50 = values.find((v) => v.voucherId === giftCard && v.sort === 1)!.id;
  return { giftCard, familyDayOut, giftCard50 };
}
