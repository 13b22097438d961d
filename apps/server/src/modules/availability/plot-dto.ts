import type { Plot } from '@kassa/domain/contract/plots';
import { availabilityOf, isMaxOrdersReached, type SellablePlot } from '@kassa/domain/rules/availability';
import { centsToAmount } from '@kassa/domain/rules/money';
import {
  audiencePricesCents,
  plotPriceCents,
  selectionTotalCents,
  type PriceSelection,
  type PricedAudience,
  type PricedPlot,
  type PricedProduct,
} from '@kassa/domain/rules/pricing';
import type { LoadedPlot } from './load-plots.ts';
import type { ZonedNow } from './zoned-clock.ts';

export interface PlotProduct extends PricedProduct {
  capacityType: 'NONE' | 'PLOT';
  hasTimeslots: boolean;
}

export interface PlotDtoContext {
  product: PlotProduct;
  audiences: readonly PricedAudience[];
  selection: PriceSelection;
  /** The organisation's wall clock, to close slots that have begun. */
  clock: ZonedNow;
}

/** 'HH:MM:SS' from the database → 'HH:MM'. */
function hhmm(time: string | null): string | null {
  return time === null ? null : time.slice(0, 5);
}

/**
 * A plot is bookable while the shop keeps it selectable and it has not begun:
 * past days (only a rebooked plot can be one) and today's time slots whose
 * start has passed are shown but cannot be chosen. A day without time slots
 * stays bookable all day.
 */
function hasBegun(row: LoadedPlot, hasTimeslots: boolean, clock: ZonedNow): boolean {
  if (row.date === null) return false;
  if (row.date !== clock.date) return row.date < clock.date;
  const start = hhmm(row.startTime);
  return hasTimeslots && start !== null && start <= clock.time;
}

/** Seats left, orders taken and whether the plot can still be chosen: one rule for every reader. */
export function plotSaleState(
  row: LoadedPlot,
  product: Pick<PlotProduct, 'capacityType' | 'hasTimeslots'>,
  clock: ZonedNow,
): SellablePlot {
  const capacity = product.capacityType === 'NONE' ? null : row.capacity;
  return {
    availability: availabilityOf(capacity, row.holds.seats),
    maxOrdersReached: isMaxOrdersReached(row.maxOrders, row.holds.orders),
    selectable: row.selectable && !hasBegun(row, product.hasTimeslots, clock),
  };
}

/** A loaded plot, with its holds and prices → the wire shape of spec §3 Plot. */
export function toPlotDto(row: LoadedPlot, ctx: PlotDtoContext): Plot {
  const { product, audiences } = ctx;
  const pricedPlot: PricedPlot = {
    priceKind: row.priceKind,
    priceCents: row.priceCents,
    audiencePrices: row.audiencePrices,
  };
  const price = plotPriceCents(product, pricedPlot);
  return {
    id: row.id,
    date: row.date,
    time: product.hasTimeslots
      ? { start: hhmm(row.startTime), end: hhmm(row.endTime) }
      : { start: null, end: null },
    price: price === null ? null : centsToAmount(price),
    lowestTotalPrice: centsToAmount(selectionTotalCents(product, pricedPlot, audiences, ctx.selection)),
    ...plotSaleState(row, product, ctx.clock),
    audiencePrices: audiencePricesCents(product, pricedPlot, audiences).map((line) => ({
      audience: line.audience,
      price: centsToAmount(line.priceCents),
    })),
  };
}
