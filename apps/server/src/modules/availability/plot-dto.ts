import type { Plot } from '@kassa/domain/contract/plots';
import { availabilityOf, isMaxOrdersReached, type SellablePlot } from '@kassa/domain/rules/availability';
import { centsToAmount } from '@kassa/domain/rules/money';
import { isOnSale } from '@kassa/domain/rules/sales-end';
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

export interface PlotProduct extends PricedProduct {
  capacityType: 'NONE' | 'PLOT';
  hasTimeslots: boolean;
  /** Minutes before a plot's start or closing time that its sales end. */
  salesEndMinutes: number;
}

export interface PlotDtoContext {
  product: PlotProduct;
  audiences: readonly PricedAudience[];
  selection: PriceSelection;
  /** The instant the answer is for, and the organisation's zone: plots whose sales have ended close. */
  now: Date;
  timeZone: string;
}

/** 'HH:MM:SS' from the database → 'HH:MM'. */
function hhmm(time: string | null): string | null {
  return time === null ? null : time.slice(0, 5);
}

/**
 * A plot is bookable while the shop keeps it selectable and its sales have
 * not ended (decision 0205): past days (only a rebooked plot can be one),
 * today's time slots from their start and days from their closing time, each
 * earlier by the product's sales end minutes, are shown but cannot be chosen.
 */
function onSale(
  row: LoadedPlot,
  product: Pick<PlotProduct, 'hasTimeslots' | 'salesEndMinutes'>,
  now: Date,
  timeZone: string,
): boolean {
  return isOnSale(
    { date: row.date, start: row.startTime, end: row.endTime },
    { timeslots: product.hasTimeslots, salesEndMinutes: product.salesEndMinutes },
    now.getTime(),
    timeZone,
  );
}

/** Seats left, orders taken and whether the plot can still be chosen: one rule for every reader. */
export function plotSaleState(
  row: LoadedPlot,
  product: Pick<PlotProduct, 'capacityType' | 'hasTimeslots' | 'salesEndMinutes'>,
  now: Date,
  timeZone: string,
): SellablePlot {
  const capacity = product.capacityType === 'NONE' ? null : row.capacity;
  return {
    availability: availabilityOf(capacity, row.holds.seats),
    maxOrdersReached: isMaxOrdersReached(row.maxOrders, row.holds.orders),
    selectable: row.selectable && onSale(row, product, now, timeZone),
  };
}

/** A loaded plot, with its holds and prices → the wire shape of docs/storefront.md §3.3. */
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
    ...plotSaleState(row, product, ctx.now, ctx.timeZone),
    ...(row.closedReason !== null ? { closedReason: row.closedReason } : {}),
    audiencePrices: audiencePricesCents(product, pricedPlot, audiences).map((line) => ({
      audience: line.audience,
      price: centsToAmount(line.priceCents),
    })),
  };
}
