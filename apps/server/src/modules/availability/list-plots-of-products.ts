import type { Plot, PlotsQuery } from '@kassa/domain/contract/plots';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audiences, products } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { AUDIENCE_ORDER, PLOT_AUDIENCE_COLUMNS, PLOT_PRODUCT_COLUMNS } from './list-plots.ts';
import { loadPlotsOfProducts } from './load-plots.ts';
import { toPlotDto } from './plot-dto.ts';
import { plotSelection } from './plot-selection.ts';
import { plotWindow } from './plot-window.ts';
import { zonedNow } from './zoned-clock.ts';

/** The part of a plots query several products' answers can share: a window and a direction, nothing chosen. */
export type SharedPlotsQuery = Pick<PlotsQuery, 'filterFrom' | 'filterUntil' | 'orderingCol' | 'orderingDir'>;

export interface ListPlotsOfProductsInput {
  organisation: Organisation;
  /** Client groups of the viewer: group-only products are served to them alone. */
  viewerGroupIds: readonly number[];
  productIds: readonly number[];
  query: SharedPlotsQuery;
  now: Date;
}

/**
 * What `GET /api/products/{id}/plots` answers for each of several products
 * with the same window and no selection, in three queries whatever the number
 * of products (decision 0285): the products, their audiences, and the plots
 * of all of them with their holds and audience prices (the query of
 * `loadPlots`), each plot made by the same `toPlotDto`. A product the viewer
 * is not offered is absent (the route answers it 404). Bad windows throw as
 * the route's do.
 */
export async function listPlotsOfProducts(
  db: Db,
  input: ListPlotsOfProductsInput,
): Promise<Map<number, Plot[]>> {
  const { organisation, query } = input;
  const clock = zonedNow(input.now, organisation.timeZone);
  const window = plotWindow(clock.date, query.filterFrom, query.filterUntil);
  const asked = [...new Set(input.productIds)];
  const answers = new Map<number, Plot[]>();
  if (asked.length === 0) return answers;

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
  const loaded = await loadPlotsOfProducts(
    db,
    offered.map((product) => ({ productId: product.id, hasDays: product.hasDays })),
    window,
    query.orderingDir ?? 'asc',
    input.now,
  );
  for (const product of offered) {
    const own = productAudiences.filter((audience) => audience.productId === product.id);
    const ctx = {
      product,
      audiences: own,
      selection: plotSelection(undefined, new Set(own.map((audience) => audience.id)), product.minQuantity),
      now: input.now,
      timeZone: organisation.timeZone,
    };
    answers.set(
      product.id,
      (loaded.get(product.id) ?? []).map((plot) => toPlotDto(plot, ctx)),
    );
  }
  return answers;
}
