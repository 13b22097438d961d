/**
 * Wall-clock arithmetic in an IANA time zone, without the host's zone: plots
 * are stored as a date and wall-clock times in the organisation's zone, and a
 * schedule's "10:00" must mean 10:00 there whatever TZ the server runs in.
 * The one home of time-zone arithmetic (decision 0225): server, storefront
 * and seed turn instants into the shop's dates and times here, and back.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// Building an Intl formatter costs far more than using one; one per zone is
// plenty. Built on first use, never when the module loads (decision 0169).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter to the minute, or to the second: only timestamps need seconds, and every other call is quicker without. */
function formatterFor(timeZone: string, withSeconds = false): Intl.DateTimeFormat {
  const key = withSeconds ? `${timeZone} s` : timeZone;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Milliseconds since the epoch of a wall-clock date and HH:MM read as if it were UTC. */
function asUtcMs(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return Date.UTC(year!, month! - 1, day!, hours, minutes);
}

/** The wall-clock date and HH:MM of an instant in `timeZone`. */
export function wallClockAt(instantMs: number, timeZone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The wall-clock date (YYYY-MM-DD) of an instant (a Date or ms since the epoch) in `timeZone`. */
export function calendarDateAt(instant: Date | number, timeZone: string): string {
  return wallClockAt(typeof instant === 'number' ? instant : instant.getTime(), timeZone).date;
}

/**
 * An instant (a Date or ms since the epoch) as ISO 8601 on the wall clock of `timeZone` with its offset
 * there, `2026-11-25T14:03:11+01:00`: a bookkeeper reads the shop's time, a
 * program still gets the exact instant.
 */
export function zonedTimestamp(instant: Date | number, timeZone: string): string {
  const instantMs = typeof instant === 'number' ? instant : instant.getTime();
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone, true).formatToParts(instantMs)) parts[part.type] = part.value;
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  // Rounded: a zone's old local mean time was offset by seconds, which ISO 8601 offsets cannot write.
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - wholeSeconds) / MINUTE_MS);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Whether `zone` names an IANA time zone this runtime knows (Europe/Amsterdam). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (Amsterdam in summer: +7 200 000). */
function offsetAt(instantMs: number, timeZone: string): number {
  const { date, time } = wallClockAt(instantMs, timeZone);
  // The formatter drops seconds: compare at whole minutes.
  return asUtcMs(date, time) - Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
}

/**
 * The wall-clock time a schedule's `time` on `date` really falls at in
 * `timeZone`. A time that exists is itself, including a time the autumn
 * change repeats (it names one slot, the first occurrence, as RFC 5545 reads
 * it). A time in the spring-forward gap (02:30 on the last Sunday of March in
 * Europe/Amsterdam) does not exist: like RFC 5545 and Temporal's
 * "compatible" disambiguation it is read with the offset before the gap, so it
 * moves forward by the gap's length (02:30 → 03:30), still the same moment
 * after the preceding hour.
 *
 * @param date YYYY-MM-DD
 * @param time HH:MM
 * @returns `time` where it exists; the moved HH:MM otherwise, with `moved` true.
 */
export function existingWallClock(
  date: string,
  time: string,
  timeZone: string,
): { time: string; moved: boolean } {
  const local = asUtcMs(date, time);
  // Zone changes are far more than a day apart: the offsets a day either side
  // are the only two this wall-clock time can be read with.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  for (const offset of [before, after]) {
    const wall = wallClockAt(local - offset, timeZone);
    if (wall.date === date && wall.time === time) return { time, moved: false };
  }
  const wall = wallClockAt(local - before, timeZone);
  // A gap at the end of a day (rare zones) would move the time into the next
  // date; a slot keeps its date, so it is left where it was written.
  if (wall.date !== date) return { time, moved: false };
  return { time: wall.time, moved: true };
}

/**
 * The instant (ms since the epoch) a wall-clock date and HH:MM in `timeZone`
 * names, read as `existingWallClock` reads it: a time the autumn change
 * repeats is its first occurrence, a time in the spring gap is the moment the
 * offset before the gap gives it (the same moment as its moved time).
 *
 * @param date YYYY-MM-DD
 * @param time HH:MM
 */
export function instantOfWallClock(date: string, time: string, timeZone: string): number {
  const local = asUtcMs(date, time);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  // The larger offset first: in the repeated hour it gives the earlier instant.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const wall = wallClockAt(local - offset, timeZone);
    if (wall.date === date && wall.time === time) return local - offset;
  }
  return local - before;
}

/** HH:MM plus `minutes` on the clock face; null when it would pass 23:59. */
export function addClockMinutes(time: string, minutes: number): string | null {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours! * 60 + mins! + minutes;
  if (total >= 24 * 60) return null;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The date `days` calendar days after YYYY-MM-DD `date` (negative goes back). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(asUtcMs(date, '00:00') + days * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the week of YYYY-MM-DD `date`: 0 = Monday … 6 = Sunday. */
export function isoWeekdayIndex(date: string): number {
  return (new Date(asUtcMs(date, '00:00')).getUTCDay() + 6) % 7;
}

/** Whether YYYY-MM-DD `date` is a real calendar date (not 2026-02-31). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return new Date(asUtcMs(date, '00:00')).toISOString().slice(0, 10) === date;
}
