/**
 * When a dated ticket lets its holder in (decision 0091): on its plot's day
 * only, and for a time slot from ADMISSION_EARLY_MINUTES before the start
 * until the slot's end (or ADMISSION_LATE_MINUTES after the start when the
 * slot has no end). A ticket without a date (an open ticket) fits any day.
 */

export const ADMISSION_EARLY_MINUTES = 30;
export const ADMISSION_LATE_MINUTES = 60;
/** Minutes in which staff can take back an admission (a wrong tap, a wrong person). */
export const UNDO_WINDOW_MINUTES = 5;

export interface AdmissionPlot {
  /** YYYY-MM-DD in the shop's zone; null for a ticket without a day. */
  date: string | null;
  /** HH:MM or HH:MM:SS; null for an all-day plot. */
  start: string | null;
  end: string | null;
}

export interface ShopClock {
  /** YYYY-MM-DD in the shop's zone. */
  date: string;
  /** HH:MM in the shop's zone. */
  time: string;
}

export type TicketTiming = 'OK' | 'WRONG_DAY' | 'WRONG_SLOT';

function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/** Whether a ticket for `plot` may be admitted at `now`. */
export function ticketTiming(plot: AdmissionPlot, now: ShopClock): TicketTiming {
  if (plot.date === null) return 'OK';
  if (plot.date !== now.date) return 'WRONG_DAY';
  if (plot.start === null) return 'OK';
  const start = minutes(plot.start);
  const opens = start - ADMISSION_EARLY_MINUTES;
  const closes = plot.end === null ? start + ADMISSION_LATE_MINUTES : minutes(plot.end);
  const current = minutes(now.time);
  return current >= opens && current <= closes ? 'OK' : 'WRONG_SLOT';
}
