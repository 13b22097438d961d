/**
 * Dates and times in the ORGANISATION's time zone (docs/architecture.md), never
 * the browser's: a visitor abroad sees the times printed on the ticket.
 */
import { formatShopDate } from '@kassa/domain/rules/shop-date';
import { calendarDateAt, wallClockAt } from '@kassa/domain/rules/wall-clock';
import { printedText } from './printed-texts';

/** Calendar fields of an instant as seen in a time zone (domain's wall clock, decision 0225). */
export function zonedParts(
  instant: Date,
  timeZone: string,
): { year: string; month: string; day: string; hour: string; minute: string } {
  const { date, time } = wallClockAt(instant.getTime(), timeZone);
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minute = ''] = time.split(':');
  return { year, month, day, hour, minute };
}

/**
 * A date in the shop's date format (page definitions, e.g. DD-MM-YYYY).
 * Accepts an instant or a YYYY-MM-DD day, which is already the shop's day.
 */
export function formatDate(value: Date | string, timeZone: string, dateFormat: string): string {
  const day =
    typeof value === 'string' && parseIsoDate(value) ? value : calendarDateAt(new Date(value), timeZone);
  return formatShopDate(day, dateFormat);
}

/** HH:MM of an instant in the shop's zone. */
export function formatTime(instant: Date, timeZone: string): string {
  return wallClockAt(instant.getTime(), timeZone).time;
}

/**
 * The locale dates are written in: English as in Britain (day before month,
 * like the calendars' en-GB locale), every other language as itself.
 */
function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/** A long, localised date ("Saturday 5 December 2026") in the shop's zone. */
export function formatLongDate(value: Date | string, timeZone: string, language: string): string {
  const day = typeof value === 'string' ? parseIsoDate(value) : undefined;
  // A plain day is formatted at noon UTC in UTC, so no zone can move it.
  const instant = day ? new Date(Date.UTC(+day.year, +day.month - 1, +day.day, 12)) : new Date(value);
  const print = () =>
    new Intl.DateTimeFormat(dateLocale(language), {
      timeZone: day ? 'UTC' : timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(instant);
  // A day prints the same whatever the clock: as the server render printed it (decision 0286).
  return day ? printedText(`long-date|${language}|${value as string}`, print) : print();
}

/** The shop's day a server-rendered page was rendered on, and the instants it lasts (page data). */
let renderedDay: { timeZone: string; date: string; from: number; until: number } | undefined;

/** The rendered page's day (decision 0286): the shop's today while the clock is on it, without Intl. */
export function knowRenderedDay(day: { timeZone: string; date: string; from: number; until: number }): void {
  renderedDay = day;
}

/** The shop's today as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const ms = now.getTime();
  if (renderedDay?.timeZone === timeZone && renderedDay.from <= ms && ms < renderedDay.until) {
    return renderedDay.date;
  }
  return calendarDateAt(now, timeZone);
}

function parseIsoDate(value: string): { year: string; month: string; day: string } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' } : undefined;
}
