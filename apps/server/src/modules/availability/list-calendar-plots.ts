import type { CalendarPlotsQuery, CalendarProductPlots } from '@kassa/domain/contract/calendar';
import { calendarPlots } from '@kassa/domain/rules/calendar-plots';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audiences, products } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { AUDIENCE_ORDER, PLOT_AUDIENCE_COLUMNS, PLOT_PRODUCT_COLUMNS } from './list-plots.ts';
import { loadDatedPlotsOfProducts } from './load-plots.ts';
import { toPlotDto } from './plot-dto.ts';
import { plotSelection } from './plot-selection.ts';
import { plotWindow } from './plot-window.ts';
import { zonedNow } from './zoned-clock.ts';

export interface ListCalendarPlotsInput {
  organisation: Organisation;
  /** Client groups of the viewer: group-only products are served to them alone. */
  viewerGroupIds: readonly number[];
  query: CalendarPlotsQuery;
  now: Date;
}

/**
 * GET /api/calendar/plots (decision 0285): for each asked product the
 * visitor is offered, what the calendar shows of its plots answer
 * (`GET /api/products/{id}/plots` with the same window and no selection):
 * the same plots, priced and counted by the same code (`loadPlots`'s query,
 * `toPlotDto`), kept by the calendar's rule (`calendarPlots`, docs/storefront.md
 * §5.9). Three queries whatever the number of products, where the calendar
 * asked one plots answer per product before.
 */
export async function listCalendarPlots(
  db: Db,
  input: ListCalendarPlotsInput,
): Promise<CalendarProductPlots> {
  const { organisation, query } = input;
  const clock = zonedNow(input.now, organisation.timeZone);
  // Bad windows are refused before any query runs.
  const window = plotWindow(clock.date, query.filterFrom, query.filterUntil);
  const asked = [...new Set(query.products.split(',').map(Number))];

  const [offered, productAudiences] = await Promise.all([
    db
      .select(PLOT_PRODUCT_COLUMNS)
      .from(products)
      .where(and(inArray(products.id, asked), offeredItem(products, organisation.id, input.viewerGroupIds))),
    db
      .select({ productId: audiences.productId, ...PLOT_AUDIENCE_COLUMNS })
      .from(audiences)
      .where(inArray(audiences.productId, asked))
      .orderBy(...AUDIENCE_ORDER),
  ]);
  const productsById = new Map(offered.map((product) => [product.id, product]));
  // A product without days has no dated plot: the calendar shows none of its plots answer.
  const dated = offered.filter((product) => product.hasDays).map((product) => product.id);
  const loaded = await loadDatedPlotsOfProducts(db, dated, window, input.now);

  return asked.flatMap((id) => {
    const product = productsById.get(id);
    if (!product) return [];
    const own = productAudiences.filter((audience) => audience.productId === id);
    const ctx = {
      product,
      audiences: own,
      selection: plotSelection(undefined, new Set(own.map((audience) => audience.id)), product.minQuantity),
      now: input.now,
      timeZone: organisation.timeZone,
    };
    return [
      { product: id, plots: calendarPlots((loaded.get(id) ?? []).map((plot) => toPlotDto(plot, ctx))) },
    ];
  });
}
