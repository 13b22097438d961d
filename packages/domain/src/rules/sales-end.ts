import { addCalendarDays, instantOfWallClock } from './wall-clock.ts';

const MINUTE_MS = 60_000;

/** What decides when a plot stops selling: its date and wall-clock times in the organisation's zone. */
export interface SalesPlot {
  /** YYYY-MM-DD; null for a product's open plot (no date), which never stops selling. */
  date: string | null;
  /** HH:MM or HH:MM:SS; the slot's start. */
  start: string | null;
  /** HH:MM or HH:MM:SS; a time slot's end, or a day's closing time (the schedule's `closes`). */
  end: string | null;
}

export interface SalesProduct {
  /** options.timeslots: a plot's start is when its visit begins. */
  timeslots: boolean;
  /** Minutes before the start or closing time that sales end (0: at it). */
  salesEndMinutes: number;
}

/**
 * The instant (ms since the epoch) a dated plot stops selling (decision 0205):
 * a time slot at its start, a day at its closing time, a day without one at
 * midnight ending it; each `salesEndMinutes` earlier, counted in real
 * minutes, so across a DST change "60 minutes before" is one hour before.
 * Wall-clock times are the organisation's (`timeZone`), never the host's.
 * null for an open plot (no date): it sells for as long as it is offered.
 */
export function salesEndAt(plot: SalesPlot, product: SalesProduct, timeZone: string): number | null {
  if (plot.date === null) return null;
  const anchor = product.timeslots && plot.start !== null ? plot.start : plot.end;
  const instant =
    anchor === null
      ? instantOfWallClock(addCalendarDays(plot.date, 1), '00:00', timeZone)
      : instantOfWallClock(plot.date, anchor.slice(0, 5), timeZone);
  return instant - product.salesEndMinutes * MINUTE_MS;
}

/** Whether a plot still sells at `nowMs`: an open plot always does, a dated one until `salesEndAt`. */
export function isOnSale(plot: SalesPlot, product: SalesProduct, nowMs: number, timeZone: string): boolean {
  const end = salesEndAt(plot, product, timeZone);
  return end === null || nowMs < end;
}
