import type {
  ProductSchedule,
  ScheduleException,
  SchedulePrice,
  ScheduleRule,
  ScheduleSlot,
} from '../contract/catalogue-schedule.ts';
import { WEEKDAYS } from '../contract/catalogue-schedule.ts';
import {
  addCalendarDays,
  addClockMinutes,
  existingWallClock,
  isCalendarDate,
  isoWeekdayIndex,
} from './wall-clock.ts';

/**
 * Plot generation from an opening schedule (decision 0165). Pure: the server
 * stores what this plans (`apps/server/src/modules/schedules`), the catalogue
 * import reports `scheduleProblems` before it writes anything.
 */

export type PlannedPriceKind = 'PLOT' | 'DAY' | 'TIMESLOT' | 'DYNAMIC' | 'AUDIENCE';

/** One plot a schedule makes: a date, wall-clock times in the organisation's zone, seats and prices. */
export interface PlannedPlot {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM; null for an all-day plot. */
  start: string | null;
  /** HH:MM: a slot's end, or an all-day plot's closing time; null when there is none. */
  end: string | null;
  /** Seats; null is no limit. */
  capacity: number | null;
  maxOrders: number | null;
  priceKind: PlannedPriceKind | null;
  /** Per-ticket price in cents for PLOT/DAY/TIMESLOT/DYNAMIC; null otherwise. */
  priceCents: number | null;
  /** AUDIENCE prices in cents by audience key; empty otherwise. */
  audiencePrices: Record<string, number>;
  selectable: boolean;
}

/** A schedule problem the import can show: where (a path into the schedule) and what, by a stable code. */
export interface ScheduleProblem {
  path: (string | number)[];
  code:
    | 'UNKNOWN_AUDIENCE'
    | 'INVALID_DATE'
    | 'RANGE_REVERSED'
    | 'SLOT_END_NOT_AFTER_START'
    | 'SLOT_PAST_MIDNIGHT'
    | 'DUPLICATE_EXCEPTION'
    | 'CLOSES_WITH_SLOTS';
  message: string;
}

/** Thrown by `planSchedulePlots` for a schedule with problems; carries them all. */
export class ScheduleError extends Error {
  readonly code = 'INVALID_SCHEDULE';
  constructor(readonly problems: ScheduleProblem[]) {
    super(problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; '));
    this.name = 'ScheduleError';
  }
}

/** The dates a schedule keeps plots for on `today`: today and the next window_days − 1 days. */
export function scheduleWindow(schedule: ProductSchedule, today: string): { from: string; until: string } {
  return { from: today, until: addCalendarDays(today, schedule.window_days - 1) };
}

function priceProblems(
  price: SchedulePrice | undefined,
  audienceKeys: ReadonlySet<string>,
  path: (string | number)[],
): ScheduleProblem[] {
  if (price?.kind !== 'AUDIENCE') return [];
  return Object.keys(price.audiences)
    .filter((key) => !audienceKeys.has(key))
    .map((key) => ({
      path: [...path, 'price', 'audiences', key],
      code: 'UNKNOWN_AUDIENCE' as const,
      message: `the product has no audience "${key}" (it has: ${[...audienceKeys].join(', ') || 'none'})`,
    }));
}

function slotProblems(
  slots: readonly ScheduleSlot[] | undefined,
  audienceKeys: ReadonlySet<string>,
  path: (string | number)[],
): ScheduleProblem[] {
  return (slots ?? []).flatMap((slot, index) => {
    const at = [...path, 'slots', index];
    const problems = priceProblems(slot.price, audienceKeys, at);
    if (slot.end !== undefined && slot.end <= slot.start) {
      problems.push({
        path: [...at, 'end'],
        code: 'SLOT_END_NOT_AFTER_START',
        message: 'a slot ends after it starts, on the same day',
      });
    }
    if (slot.minutes !== undefined && addClockMinutes(slot.start, slot.minutes) === null) {
      problems.push({
        path: [...at, 'minutes'],
        code: 'SLOT_PAST_MIDNIGHT',
        message: 'a slot ends on the day it starts (before 24:00)',
      });
    }
    return problems;
  });
}

function rangeProblems(
  from: string | undefined,
  until: string | undefined,
  path: (string | number)[],
): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  for (const [name, value] of [
    ['from', from],
    ['until', until],
  ] as const) {
    if (value !== undefined && !isCalendarDate(value)) {
      problems.push({ path: [...path, name], code: 'INVALID_DATE', message: `${value} is not a date` });
    }
  }
  if (from !== undefined && until !== undefined && from > until) {
    problems.push({ path: [...path, 'until'], code: 'RANGE_REVERSED', message: 'until is before from' });
  }
  return problems;
}

/** A closing time belongs to an all-day plot: with slots, each slot has its own start. */
function closesProblems(
  owner: { closes?: string | undefined; slots?: readonly ScheduleSlot[] | undefined },
  path: (string | number)[],
): ScheduleProblem[] {
  if (owner.closes === undefined || owner.slots === undefined) return [];
  return [
    {
      path: [...path, 'closes'],
      code: 'CLOSES_WITH_SLOTS',
      message: 'closes is the closing time of a day without slots; slots stop selling at their start',
    },
  ];
}

/**
 * Everything about a schedule the contract's zod schema cannot see: AUDIENCE
 * prices naming audiences the product does not have, dates that do not exist,
 * reversed ranges, slots that end before they start or after midnight, a
 * date given two exceptions, and a closing time beside slots. An empty list means `planSchedulePlots` will plan.
 *
 * @param audienceKeys the keys of the product's audiences
 */
export function scheduleProblems(
  schedule: ProductSchedule,
  audienceKeys: readonly string[],
): ScheduleProblem[] {
  const keys = new Set(audienceKeys);
  const problems: ScheduleProblem[] = [];
  schedule.rules.forEach((rule, index) => {
    const path = ['rules', index];
    problems.push(...rangeProblems(rule.from, rule.until, path));
    problems.push(...priceProblems(rule.price, keys, path));
    problems.push(...slotProblems(rule.slots, keys, path));
    problems.push(...closesProblems(rule, path));
  });
  const seen = new Set<string>();
  schedule.exceptions.forEach((exception, index) => {
    const path = ['exceptions', index];
    if (!isCalendarDate(exception.date)) {
      problems.push({
        path: [...path, 'date'],
        code: 'INVALID_DATE',
        message: `${exception.date} is not a date`,
      });
    } else if (seen.has(exception.date)) {
      problems.push({
        path: [...path, 'date'],
        code: 'DUPLICATE_EXCEPTION',
        message: `${exception.date} has more than one exception`,
      });
    }
    seen.add(exception.date);
    problems.push(...slotProblems(exception.slots, keys, path));
    problems.push(...closesProblems(exception, path));
  });
  schedule.closures.forEach((closure, index) => {
    problems.push(...rangeProblems(closure.from, closure.until, ['closures', index]));
  });
  return problems;
}

function inRange(date: string, from: string | undefined, until: string | undefined): boolean {
  return (from === undefined || date >= from) && (until === undefined || date <= until);
}

function priceOf(
  price: SchedulePrice | undefined,
): Pick<PlannedPlot, 'priceKind' | 'priceCents' | 'audiencePrices'> {
  if (!price) return { priceKind: null, priceCents: null, audiencePrices: {} };
  if (price.kind === 'AUDIENCE') {
    const audiencePrices: Record<string, number> = {};
    for (const [key, value] of Object.entries(price.audiences)) audiencePrices[key] = Math.round(value * 100);
    return { priceKind: 'AUDIENCE', priceCents: null, audiencePrices };
  }
  return { priceKind: price.kind, priceCents: Math.round(price.price * 100), audiencePrices: {} };
}

/** A slot a date gets, with the rule it comes from (capacity, max_orders and price fall back to it). */
interface DaySlot {
  slot: ScheduleSlot | null;
  rule: ScheduleRule;
}

/** The slots of a date before the exception's capacity and the zone apply; first rule wins a start. */
function slotsOfDate(
  schedule: ProductSchedule,
  date: string,
  exception: ScheduleException | undefined,
): DaySlot[] {
  const weekday = WEEKDAYS[isoWeekdayIndex(date)]!;
  const rules = schedule.rules.filter(
    (rule) => rule.days.includes(weekday) && inRange(date, rule.from, rule.until),
  );
  if (exception?.slots) {
    // Replaced slots take the first rule open that day, else the first rule
    // whose dates cover it, else the first rule: an exception may open a day
    // the rules leave closed.
    const rule = rules[0] ?? schedule.rules.find((r) => inRange(date, r.from, r.until)) ?? schedule.rules[0]!;
    return exception.slots.map((slot) => ({ slot, rule }));
  }
  const byStart = new Map<string, DaySlot>();
  for (const rule of rules) {
    for (const slot of rule.slots ?? [null]) {
      const key = slot?.start ?? '';
      if (!byStart.has(key)) byStart.set(key, { slot, rule });
    }
  }
  return [...byStart.values()];
}

/**
 * The plots a schedule makes from `from` to `until` (inclusive), in date and
 * start order. Wall-clock times are the organisation's (`timeZone`): a 10:00
 * slot is at 10:00 on both sides of a DST change; a slot starting in the
 * time the spring change skips moves forward by the gap, end and all
 * (02:30–03:30 → 03:30–04:30, `existingWallClock`), and is dropped when
 * another slot already starts there; an end alone in the gap moves forward; the hour autumn repeats
 * makes one plot per slot, never two. The host's time zone plays no part.
 *
 * Per date: closures (date ranges) and `closed` exceptions make nothing; the
 * rules whose weekdays and from/until match give their slots (or one all-day
 * plot), the first rule winning a start time two rules share; an exception's
 * `slots` replace them; an exception's `capacity` overrides every plot of
 * that day except a replaced slot with its own; `unselectable` marks them not
 * bookable. A slot's capacity and price override its rule's. An all-day
 * plot ends at its closing time (the exception's `closes`, else its rule's).
 *
 * @param audienceKeys the keys of the product's audiences (AUDIENCE prices name them)
 * @throws ScheduleError when `scheduleProblems` finds any
 */
export function planSchedulePlots(
  schedule: ProductSchedule,
  options: { from: string; until: string; timeZone: string; audienceKeys: readonly string[] },
): PlannedPlot[] {
  const problems = scheduleProblems(schedule, options.audienceKeys);
  if (problems.length > 0) throw new ScheduleError(problems);
  const exceptions = new Map(schedule.exceptions.map((e) => [e.date, e]));
  const planned: PlannedPlot[] = [];
  for (let date = options.from; date <= options.until; date = addCalendarDays(date, 1)) {
    if (schedule.closures.some((closure) => inRange(date, closure.from, closure.until))) continue;
    const exception = exceptions.get(date);
    if (exception?.closed) continue;
    planned.push(...plotsOfDate(schedule, date, exception, options.timeZone));
  }
  return planned;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * A slot's end on `date`. When its start was moved out of the spring gap the
 * whole slot moves (02:30–03:30 runs 03:30–04:30), else it would shrink to
 * nothing; when only the end falls in the gap, the end moves (01:30–02:30
 * ends at 03:30, one real hour after 01:30).
 */
function endOf(
  date: string,
  writtenStart: string,
  start: { time: string; moved: boolean },
  writtenEnd: string,
  timeZone: string,
): string {
  if (start.moved) {
    const shifted = addClockMinutes(writtenEnd, minutesOf(start.time) - minutesOf(writtenStart));
    if (shifted) return shifted;
  }
  return existingWallClock(date, writtenEnd, timeZone).time;
}

/** An all-day plot's closing time on `date`; one in the spring gap moves forward, as a start does. */
function closingTime(date: string, closes: string | undefined, timeZone: string): string | null {
  return closes === undefined ? null : existingWallClock(date, closes, timeZone).time;
}

function plotsOfDate(
  schedule: ProductSchedule,
  date: string,
  exception: ScheduleException | undefined,
  timeZone: string,
): PlannedPlot[] {
  const byStart = new Map<string, { plot: PlannedPlot; moved: boolean }>();
  for (const { slot, rule } of slotsOfDate(schedule, date, exception)) {
    const start = slot ? existingWallClock(date, slot.start, timeZone) : null;
    const writtenEnd = slot
      ? (slot.end ?? (slot.minutes ? addClockMinutes(slot.start, slot.minutes) : null))
      : null;
    const end = slot
      ? writtenEnd && start
        ? endOf(date, slot.start, start, writtenEnd, timeZone)
        : null
      : closingTime(date, exception?.closes ?? rule.closes, timeZone);
    let capacity = slot?.capacity !== undefined ? slot.capacity : rule.capacity;
    const ownCapacity = exception?.slots !== undefined && slot?.capacity !== undefined;
    if (exception?.capacity !== undefined && !ownCapacity) capacity = exception.capacity;
    const plot: PlannedPlot = {
      date,
      start: start?.time ?? null,
      end,
      capacity,
      maxOrders: rule.max_orders ?? null,
      ...priceOf(slot?.price ?? rule.price),
      selectable: !exception?.unselectable,
    };
    const key = plot.start ?? '';
    const moved = start?.moved ?? false;
    const taken = byStart.get(key);
    // A slot really at a time beats one moved there out of the spring gap.
    if (!taken || (taken.moved && !moved)) byStart.set(key, { plot, moved });
  }
  return [...byStart.values()]
    .map(({ plot }) => plot)
    .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''));
}
