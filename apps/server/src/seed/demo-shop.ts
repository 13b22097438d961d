import type { Tx } from '../db/client.ts';
import { seedBookings } from './bookings.ts';
import { seedCategories } from './categories.ts';
import { seedClients } from './clients.ts';
import type { SeedContext } from './context.ts';
import { seedCoupons } from './coupons.ts';
import { todayIn } from './dates.ts';
import { seedFaq } from './faq.ts';
import { seedFields } from './fields.ts';
import { seedGroups } from './groups.ts';
import { DEMO_TIME_ZONE, seedOrganisation } from './organisation.ts';
import { planPlots } from './plot-schedule.ts';
import { seedPlots } from './plots.ts';
import { seedProducts } from './products.ts';
import { seedRebookOrder } from './rebook-order.ts';
import { seedSubscriptions } from './subscriptions.ts';
import { seedUpsells } from './upsells.ts';
import { seedVouchers } from './vouchers.ts';

/** Writes the whole demo shop; the order follows the foreign keys. */
export async function seedDemoShop(tx: Tx, now: Date): Promise<number> {
  const organisationId = await seedOrganisation(tx);
  const context: SeedContext = { tx, organisationId, now, today: todayIn(DEMO_TIME_ZONE, now) };

  const groupIds = await seedGroups(context);
  const categoryIds = await seedCategories(context);
  const catalogue = await seedProducts(context, categoryIds, groupIds);
  const seededPlots = await seedPlots(context, planPlots(context.today), catalogue);
  // First, with its fixed reference (DEMO_REBOOK_ORDER_REFERENCE).
  await seedRebookOrder(context, seededPlots, catalogue);
  await seedBookings(context, seededPlots);
  const upsellIds = await seedUpsells(context, catalogue.productIds);
  const subscriptionIds = await seedSubscriptions(
    context,
    categoryIds.museum,
    catalogue.productIds,
    upsellIds,
  );
  const voucherIds = await seedVouchers(context);
  await seedFaq(context);
  const fieldIds = await seedFields(context, catalogue.productIds, subscriptionIds, voucherIds);
  const { demoClientId } = await seedClients(context, groupIds, fieldIds, subscriptionIds, voucherIds);
  await seedCoupons(context, catalogue.productIds, subscriptionIds, demoClientId);
  return organisationId;
}
