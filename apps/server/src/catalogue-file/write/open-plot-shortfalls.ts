import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { Tx } from '../../db/client.ts';
import { nameOrders, openPlotSeats } from '../sold-items.ts';
import type { CurrentCatalogue } from './current-catalogue.ts';

/**
 * Open plots (products without days) get never fewer seats than are sold:
 * one reason per product whose file capacity is below its seats held. With
 * `lockPlots`, the plots stay locked until the import's transaction ends, so
 * no order takes a seat between this count and the write.
 */
export async function openPlotShortfalls(
  tx: Tx,
  file: CatalogueFile,
  current: CurrentCatalogue,
  now: Date,
  lockPlots: boolean,
): Promise<string[]> {
  const openProducts = file.products.flatMap((p, index) => {
    const row = current.products.find((r) => r.slug === p.slug);
    return row && !p.days && p.capacity_type === 'PLOT' && p.capacity !== undefined
      ? [{ p, index, id: row.id }]
      : [];
  });
  const seats = await openPlotSeats(
    tx,
    openProducts.map((o) => o.id),
    now,
    lockPlots,
  );
  return openProducts.flatMap(({ p, index, id }) => {
    const taken = seats.get(id);
    return taken && taken.held > p.capacity!
      ? [
          `products[${index}].capacity: ${p.capacity} is below the ${taken.held} seats sold on "${p.slug}" (${nameOrders(taken.references)})`,
        ]
      : [];
  });
}
