/**
 * Calendar arithmetic on plain YYYY-MM-DD dates, as the demo seed counts its
 * days, on domain's wall-clock arithmetic (decision 0225). "Today" is taken
 * in the organisation's zone, so the seed does not depend on the server's TZ;
 * adding days then works on the calendar date itself (in UTC, where no day
 * is 23 or 25 hours long).
 */
import { addCalendarDays, calendarDateAt, isoWeekdayIndex } from '@kassa/domain/rules/wall-clock';

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return calendarDateAt(now, timeZone);
}

function toUtc(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

/** The date `days` calendar days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return addCalendarDays(date, days);
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return (isoWeekdayIndex(date) + 1) % 7;
}

export function isWeekend(date: string): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function dayOffset(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}
