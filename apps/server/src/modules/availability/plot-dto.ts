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

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Before this instant a plot on `date` is still on sale, whatever the zone:
 * its sales end at a wall-clock time on that date (or midnight ending it),
 * and no zone's clock is a whole day ahead of UTC, so that end comes after
 * the date's midnight read as UTC less a day and the sales end minutes.
 * Working out the real end asks Intl for the zone's offset several times
 * per plot; a 60-day answer has hundreds of plots and all but the first
 * days' pass this check without it (decision 0275).
 */
function surelySellingUntil(date: string, salesEndMinutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) - DAY_MS - salesEndMinutes * MINUTE_MS;
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
  if (row.date !== null && now.getTime() < surelySellingUntil(row.date, product.salesEndMinutes)) return true;
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
