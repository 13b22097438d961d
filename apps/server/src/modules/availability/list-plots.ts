import type { Plot, PlotsQuery } from '@kassa/domain/contract/plots';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audiences, products, waitlistEntries } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { toPlotDto } from './plot-dto.ts';
import { plotSelection } from './plot-selection.ts';
import { plotWindow } from './plot-window.ts';
import { loadPlots } from './load-plots.ts';
import { zonedNow } from './zoned-clock.ts';

export interface ListPlotsInput {
  organisation: Organisation;
  /** Client groups of the viewer: group-only products are served to them alone. */
  viewerGroupIds: readonly number[];
  productId: number;
  query: PlotsQuery;
  now: Date;
}

/** What a plots answer reads of its product (PlotDtoContext.product). */
export const PLOT_PRODUCT_COLUMNS = {
  id: products.id,
  priceType: products.priceType,
  priceCents: products.priceCents,
  capacityType: products.capacityType,
  minQuantity: products.minQuantity,
  hasDays: products.hasDays,
  hasTimeslots: products.hasTimeslots,
  salesEndMinutes: products.salesEndMinutes,
};

/** What a plots answer reads of the product's audiences (PlotDtoContext.audiences), in AUDIENCE_ORDER. */
export const PLOT_AUDIENCE_COLUMNS = {
  id: audiences.id,
  priceCents: audiences.priceCents,
  dependant: audiences.dependant,
};
export const AUDIENCE_ORDER = [asc(audiences.sort), asc(audiences.id)] as const;

/**
 * GET /api/products/{id}/plots (docs/storefront.md §7.2): the product's
 * bookable plots in the window, priced for the visitor's selection, with seats
 * left after active holds. A constant number of queries: product and audiences
 * side by side, then one for the plots with their holds and audience prices.
 */
export async function listPlots(db: Db, input: ListPlotsInput): Promise<Plot[]> {
  const { organisation, query } = input;
  const clock = zonedNow(input.now, organisation.timeZone);
  // Bad windows are refused before any query runs.
  const window = plotWindow(clock.date, query.filterFrom, query.filterUntil);

  const [[product], productAudiences] = await Promise.all([
    db
      .select(PLOT_PRODUCT_COLUMNS)
      .from(products)
      .where(
        and(eq(products.id, input.productId), offeredItem(products, organisation.id, input.viewerGroupIds)),
      )
      .limit(1),
    db
      .select(PLOT_AUDIENCE_COLUMNS)
      .from(audiences)
      .where(eq(audiences.productId, input.productId))
      .orderBy(...AUDIENCE_ORDER),
  ]);
  if (!product) throw notFound('PRODUCT_NOT_FOUND', 'No such product');

  const selection = plotSelection(
    query.order,
    new Set(productAudiences.map((audience) => audience.id)),
    product.minQuantity,
  );
  const loaded = await loadPlots(
    db,
    {
      productId: product.id,
      hasDays: product.hasDays,
      window,
      rebookPlot: query.rebookPlot,
      ownOfferEntryId: query.waitlist ? await offeredEntryId(db, organisation.id, query.waitlist) : undefined,
      direction: query.orderingDir ?? 'asc',
    },
    input.now,
  );
  const ctx = {
    product,
    audiences: productAudiences,
    selection,
    now: input.now,
    timeZone: organisation.timeZone,
  };
  return loaded.map((plot) => toPlotDto(plot, ctx));
}

/** The open waiting-list offer a token names, if any: an unknown or spent token frees nothing. */
async function offeredEntryId(db: Db, organisationId: number, token: string): Promise<number | undefined> {
  const [entry] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.token, token),
        eq(waitlistEntries.organisationId, organisationId),
        eq(waitlistEntries.status, 'OFFERED'),
      ),
    );
  return entry?.id;
}
