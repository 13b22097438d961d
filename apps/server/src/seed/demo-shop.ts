import type { Tx } from '../db/client.ts';
import { seedBookings } from './bookings.ts';
import { seedClients } from './clients.ts';
import type { SeedContext } from './context.ts';
import { seedCouponState } from './coupons.ts';
import { todayIn } from './dates.ts';
import { demoCatalogueIds } from './demo-catalogue-ids.ts';
import { importDemoCatalogue, readDemoCatalogue } from './import-demo-catalogue.ts';
import { planPlots } from './plot-schedule.ts';
import { openPlotsOf, seedPlots } from './plots.ts';
import { seedRebookOrder } from './rebook-order.ts';

/**
 * Writes the whole demo shop: first its catalogue file (what it sells and
 * says), then what a catalogue does not hold: the plots of the dated
 * products (seed/schedules.ts, until schedules in the file make them), seats
 * already sold, the order to rebook, the clients with their passes and codes.
 */
export async function seedDemoShop(tx: Tx, now: Date): Promise<number> {
  const organisationId = await importDemoCatalogue(tx, now);
  const timeZone = readDemoCatalogue().organisation.time_zone;
  const context: SeedContext = { tx, organisationId, now, today: todayIn(timeZone, now) };
  const { groupIds, catalogue, subscriptionIds, voucherIds, fieldIds } = await demoCatalogueIds(context);

  // Dated plots from the seed's own schedules (seed/schedules.ts), with the seats they have sold.
  const seededPlots = [
    ...(await seedPlots(context, planPlots(context.today), catalogue)),
    ...(await openPlotsOf(context, catalogue)),
  ];
  // First, with its fixed reference (DEMO_REBOOK_ORDER_REFERENCE).
  await seedRebookOrder(context, seededPlots, catalogue);
  await seedBookings(context, seededPlots);
  const { demoClientId } = await seedClients(context, groupIds, fieldIds, subscriptionIds, voucherIds);
  await seedCouponState(context, demoClientId);
  return organisationId;
}
