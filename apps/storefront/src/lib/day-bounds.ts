import { addCalendarDays, wallClockAt } from '@kassa/domain/rules/wall-clock';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Zone changes shift a day's edge by half an hour (Lord Howe) up to two hours; searched in half hours. */
const SHIFTS_MS = [0, -1, 1, -2, 2, -3, 3, -4, 4].map((halves) => halves * 30 * MINUTE_MS);

/** The day in `timeZone` that contains an instant: its date and the instants it starts and ends (ms). */
export interface ZoneDay {
  date: string;
  from: number;
  until: number;
}

/** The first minute of `date` near `approximately`: where the wall clock turns to `date`. */
function startOf(date: string, approximately: number, timeZone: string): number {
  for (const shift of SHIFTS_MS) {
    const at = approximately + shift;
    if (wallClockAt(at, timeZone).date === date && wallClockAt(at - MINUTE_MS, timeZone).date !== date)
      return at;
  }
  return approximately;
}

/**
 * The organisation's day at `nowMs` (server side, for the page data: decision
 * 0153). The browser compares its clock with `from` and `until` instead of
 * building a time-zone formatter before it hydrates: that formatter is the
 * dearest thing a first page view does before React starts.
 */
export function zoneDayAt(timeZone: string, nowMs: number): ZoneDay {
  const { date, time } = wallClockAt(nowMs, timeZone);
  const [hours, minutes] = time.split(':').map(Number);
  const approximateStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - (hours! * 60 + minutes!) * MINUTE_MS;
  const from = startOf(date, approximateStart, timeZone);
  const until = startOf(addCalendarDays(date, 1), from + DAY_MS, timeZone);
  return { date, from, until };
}
