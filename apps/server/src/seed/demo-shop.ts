import type { Tx } from '../db/client.ts';
import { seedBookings } from './bookings.ts';
import { seedClients } from './clients.ts';
import type { SeedContext } from './context.ts';
import { seedCouponState } from './coupons.ts';
import { todayIn } from './dates.ts';
import { demoCatalogueIds } from './demo-catalogue-ids.ts';
import { importDemoCatalogue, readDemoCatalogue } from './import-demo-catalogue.ts';
import { demoPlots } from './plots.ts';
import { seedInvoices } from './invoices.ts';
import { seedPastSales } from './past-sales.ts';
import { seedRebookOrder } from './rebook-order.ts';

/**
 * Writes the whole demo shop: first its catalogue file (what it sells and
 * says; the import generates the dated plots from its schedules), then what
 * a catalogue does not hold: seats already sold on those plots, the order
 * to rebook, the clients with their passes and codes.
 */
export async function seedDemoShop(tx: Tx, now: Date): Promise<number> {
  const organisationId = await importDemoCatalogue(tx, now);
  const timeZone = readDemoCatalogue().organisation.time_zone;
  const context: SeedContext = { tx, organisationId, now, today: todayIn(timeZone, now) };
  const { groupIds, catalogue, subscriptionIds, voucherIds, fieldIds } = await demoCatalogueIds(context);

  const plots = await demoPlots(context, catalogue);
  // First, with its fixed reference (DEMO_REBOOK_ORDER_REFERENCE).
  await seedRebookOrder(context, plots, catalogue);
  await seedBookings(context, plots);
  const { demoClientId } = await seedClients(context, groupIds, fieldIds, subscriptionIds, voucherIds);
  await seedCouponState(context, demoClientId);
  await seedPastSales(context, catalogue, timeZone);
  // Last: every paid order seeded above without one gets its invoice, as the engine issues it (decision 0249).
  await seedInvoices(context);
  return organisationId;
}
