import { coupons } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import type { ProductIds } from './products.ts';
import type { SeededSubscriptions } from './subscriptions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One coupon per rule the coupon engine applies; codes are stored uppercase. */
export async function seedCoupons(
  { tx, organisationId, now }: SeedContext,
  productIds: ProductIds,
  subscriptionIds: SeededSubscriptions,
  demoClientId: number,
): Promise<void> {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await tx.insert(coupons).values([
    // Percentages are in hundredths of a percent: 1000 = 10 %.
    { organisationId, code: 'WELCOME10', kind: 'PERCENTAGE', value: 1000 },
    { organisationId, code: 'FIVEOFF', kind: 'AMOUNT', value: 500 },
    { organisationId, code: 'FAMILY25', kind: 'PERCENTAGE', value: 2500, maxTicketAmount: 2 },
    { organisationId, code: 'CRUISE3', kind: 'AMOUNT', value: 300, productIds: [productIds['canal-cruise']] },
    {
      organisationId,
      code: 'PASS15',
      kind: 'PERCENTAGE',
      value: 1500,
      subscriptionIds: [subscriptionIds.yearPass],
    },
    { organisationId, code: 'FRIENDS20', kind: 'PERCENTAGE', value: 2000, clientId: demoClientId },
    { organisationId, code: 'LASTCALL', kind: 'AMOUNT', value: 1000, maxUses: 50, uses: 50 },
    {
      organisationId,
      code: 'SUMMER5',
      kind: 'AMOUNT',
      value: 500,
      validFrom: daysFromNow(-120),
      validUntil: daysFromNow(-30),
    },
  ]);
}
