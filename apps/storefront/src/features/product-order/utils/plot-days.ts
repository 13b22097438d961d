/**
 * Plots grouped by day for the date step (docs/storefront.md §2.6): which plots
 * are offered for the chosen quantity, each day's lowest total and availability
 * dot, and the date chosen for the visitor.
 */
import type { Plot } from '@kassa/domain/contract/plots';
import {
  availabilityDotClass,
  isSlotOffered,
  type AvailabilityClass,
} from '@kassa/domain/rules/availability';

export interface PlotDay {
  date: string;
  plots: Plot[];
  lowestTotal: number | null;
  dot: AvailabilityClass;
}

/** Plots a visitor may pick: selectable, room for the quantity (or no capacity limit), still taking orders. */
export function offeredPlots(plots: readonly Plot[], quantity: number, capacity: 'NONE' | 'PLOT'): Plot[] {
  return plots.filter(
    (plot) => plot.selectable && plot.date !== null && isSlotOffered(plot, quantity, capacity),
  );
}

/**
 * A rebooking's booked plot stays offered to it (docs/storefront.md §4.2: a
 * rebooking with a plot preselects it): its seats are already the visitor's,
 * even when the plots answer counts them as taken and shows too little room.
 */
export function withBookedPlot(offered: Plot[], plots: readonly Plot[], booked: number | null): Plot[] {
  if (booked === null || offered.some((plot) => plot.id === booked)) return offered;
  const plot = plots.find((candidate) => candidate.id === booked);
  if (!plot || !plot.selectable || plot.date === null) return offered;
  return [...offered, plot].sort(
    (a, b) =>
      (a.date ?? '').localeCompare(b.date ?? '') || (a.time.start ?? '').localeCompare(b.time.start ?? ''),
  );
}

/** Plots with a date that still take bookings at all: selectable and not sold out (docs/storefront.md §5.9). */
export function availablePlots(plots: readonly Plot[]): Plot[] {
  return plots.filter((plot) => plot.selectable && plot.date !== null && plot.availability.amount !== 0);
}

/** Offered plots by date, in date order, slots by start time. */
export function plotDays(offered: readonly Plot[]): PlotDay[] {
  const byDate = new Map<string, Plot[]>();
  for (const plot of offered) {
    if (!plot.date) continue;
    byDate.set(plot.date, [...(byDate.get(plot.date) ?? []), plot]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, plots]) => {
      const sorted = [...plots].sort((a, b) => (a.time.start ?? '').localeCompare(b.time.start ?? ''));
      const totals = sorted
        .map((plot) => plot.lowestTotalPrice)
        .filter((total): total is number => total !== null);
      const percentages = sorted.map((plot) => plot.availability.percentage);
      const best = percentages.includes(null) ? null : Math.max(...percentages.map((p) => p ?? 0));
      return {
        date,
        plots: sorted,
        lowestTotal: totals.length > 0 ? Math.min(...totals) : null,
        dot: availabilityDotClass(best),
      };
    });
}

/**
 * Spec §4: the first day with room for the order that is not today (today
 * only when nothing else is left). `hasRoom` says whether a plot is offered.
 */
export function initialDate(
  days: readonly PlotDay[],
  today: string,
  hasRoom: (plot: Plot) => boolean = () => true,
): string | null {
  const withRoom = days.filter((day) => day.plots.some(hasRoom));
  return withRoom.find((day) => day.date !== today)?.date ?? withRoom[0]?.date ?? null;
}

/** Slot prices are shown only when they differ and are not null or 0 (docs/storefront.md §2.6). */
export function showSlotPrices(plots: readonly Plot[]): boolean {
  const prices = plots.map((plot) => plot.lowestTotalPrice);
  if (prices.some((price) => price === null || price === 0)) return false;
  return new Set(prices).size > 1;
}
