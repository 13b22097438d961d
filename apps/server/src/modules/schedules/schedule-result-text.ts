import { AppError } from '../../lib/errors.ts';
import type { ApplyScheduleResult, SchedulePlotRef, ScheduleRefusal } from './apply-schedule.ts';

function at(plot: SchedulePlotRef): string {
  return plot.start ? `${plot.date} ${plot.start}` : `${plot.date} (all day)`;
}

/** One refusal in words, with the orders to move or refund. */
export function describeRefusal(refusal: ScheduleRefusal): string {
  const orders = refusal.orderReferences.join(', ') || 'none';
  const what =
    refusal.code === 'SEATS_HELD'
      ? `would be removed but holds ${refusal.seatsHeld} seat(s)`
      : refusal.code === 'CAPACITY_BELOW_HELD'
        ? `capacity ${refusal.wanted} is below the ${refusal.seatsHeld} seat(s) held`
        : `max_orders ${refusal.wanted} is below the ${refusal.ordersHolding} order(s) holding seats`;
  return `${at(refusal)}: ${what} (orders ${orders})`;
}

/**
 * What applying a schedule did, in lines for a terminal (`shop import`, its
 * dry run): counts, then every refusal. Dates of the added and removed
 * plots are left out: a 90-day window adds hundreds.
 */
export function describeScheduleResult(result: ApplyScheduleResult): string[] {
  const counts = [
    `${result.added.length} added`,
    `${result.updated.length} updated`,
    `${result.removed.length} removed`,
    `${result.retired.length} retired`,
  ].join(', ');
  const state =
    result.refused.length > 0 ? 'refused, nothing changed' : result.applied ? 'applied' : 'dry run';
  return [
    `plots ${result.window.from} to ${result.window.until}: ${counts} (${state})`,
    ...result.refused.map((refusal) => `  ${describeRefusal(refusal)}`),
  ];
}

/**
 * The error for a refused schedule (409 SCHEDULE_SEATS_HELD), naming each
 * plot and the orders holding its seats, for a caller that aborts on it.
 */
export function scheduleRefusedError(result: ApplyScheduleResult): AppError {
  return new AppError(
    409,
    'SCHEDULE_SEATS_HELD',
    `The schedule of product ${result.productId} would take sold seats away: ${result.refused.map(describeRefusal).join('; ')}`,
  );
}
