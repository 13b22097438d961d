import { CALENDAR_WINDOW_DAYS } from '@kassa/domain/rules/constants';
import { addCalendarDays } from '@kassa/domain/rules/wall-clock';
import { todayIn } from '@/lib/format-date';

/** The days the calendar covers, as YYYY-MM-DD days of the organisation (both ends included). */
export interface CalendarWindow {
  from: string;
  until: string;
}

/** A YYYY-MM-DD day moved by whole days; plain calendar arithmetic, no zone can shift it. */
export function addDays(day: string, days: number): string {
  return addCalendarDays(day, days);
}

/**
 * Spec §9: today to 60 days ahead. "Today" is the organisation's, not the
 * visitor's: just after midnight in Amsterdam it is still yesterday in New
 * York, and the shop's events of today must not drop out.
 */
export function calendarWindow(timeZone: string, now: Date = new Date()): CalendarWindow {
  const from = todayIn(timeZone, now);
  return { from, until: addDays(from, CALENDAR_WINDOW_DAYS) };
}
