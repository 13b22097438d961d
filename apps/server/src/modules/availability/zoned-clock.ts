import { wallClockAt } from '@kassa/domain/rules/wall-clock';

/** The organisation's wall clock: what "today" and "now" are in its time zone. */
export interface ZonedNow {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

/** The date and time of an instant as shown on a wall clock in `timeZone`. */
export function zonedNow(instant: Date, timeZone: string): ZonedNow {
  return wallClockAt(instant.getTime(), timeZone);
}
