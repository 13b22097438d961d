import { badRequest } from '../../lib/errors.ts';

/**
 * Longest date window one request may ask for: it bounds the work of a plots
 * read (a year of time slots), and is also the default window when the
 * storefront's order flow asks without filters.
 */
export const MAX_WINDOW_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days since the epoch of a YYYY-MM-DD calendar date, or null when it is not a real date. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-31 over into March; a real date survives the round trip.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms / DAY_MS;
}

/** The YYYY-MM-DD of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface PlotWindow {
  /** First date served, never before today. */
  from: string;
  /** Last date served (may be before `from`: then no dated plot is served). */
  until: string;
}

/**
 * The dates a plots request covers: from filterFrom (never before today in
 * the organisation's zone) up to filterUntil, or MAX_WINDOW_DAYS ahead.
 * Rejects dates that do not exist and windows longer than MAX_WINDOW_DAYS.
 */
export function plotWindow(today: string, filterFrom?: string, filterUntil?: string): PlotWindow {
  const todayDay = dayNumber(today);
  if (todayDay === null) throw new RangeError(`today is not a date: ${today}`);
  const fromDay = Math.max(parseDate(filterFrom, 'filterFrom') ?? todayDay, todayDay);
  const untilDay = parseDate(filterUntil, 'filterUntil') ?? fromDay + MAX_WINDOW_DAYS;
  if (untilDay - fromDay > MAX_WINDOW_DAYS) {
    throw badRequest(
      'WINDOW_TOO_LARGE',
      `filterFrom to filterUntil may span at most ${MAX_WINDOW_DAYS} days`,
    );
  }
  return { from: dateOfDay(fromDay), until: dateOfDay(untilDay) };
}

function parseDate(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const day = dayNumber(value);
  if (day === null) throw badRequest('INVALID_DATE', `${name} is not a valid date`);
  return day;
}
