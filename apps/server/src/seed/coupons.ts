import { and, eq } from 'drizzle-orm';
import { coupons } from '../db/schema.ts';
import type { SeedContext } from './context.ts';

/**
 * What the catalogue file cannot say about the demo's coupons (the rest are
 * in demo-catalogue/catalogue.yaml): the demo client's own FRIENDS20, and
 * LASTCALL used up, so the "no uses left" answer can be tried.
 */
export async function seedCouponState(
  { tx, organisationId }: SeedContext,
  demoClientId: number,
): Promise<void> {
  // Percentages are in hundredths of a percent: 2000 = 20 %.
  await tx
    .insert(coupons)
    .values({ organisationId, code: 'FRIENDS20', kind: 'PERCENTAGE', value: 2000, clientId: demoClientId });
  await tx
    .update(coupons)
    .set({ uses: 50 })
    .where(and(eq(coupons.organisationId, organisationId), eq(coupons.code, 'LASTCALL')));
}
