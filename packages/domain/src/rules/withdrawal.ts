/**
 * The right of withdrawal (decision 0254; Directive 2011/83/EU art. 9 and
 * 11a): a buyer may withdraw from a contract for a gift voucher or a pass
 * without a fixed date within 14 days, as long as nothing of it was used.
 * Tickets for a dated leisure visit have no such right (art. 16(l)). The
 * period starts the day after the purchase and ends at the end of its 14th
 * day, in the shop's time zone.
 */
import { addCalendarDays, calendarDateAt, instantOfWallClock } from './wall-clock.ts';
import type { OrderKind } from './order-kind.ts';

export const WITHDRAWAL_DAYS = 14;

export type WithdrawalRefusal =
  'WITHDRAWAL_NOT_ELIGIBLE' | 'WITHDRAWAL_NOT_PAID' | 'WITHDRAWAL_ALREADY_DONE' | 'WITHDRAWAL_PERIOD_OVER';

/** The first instant the right is gone: midnight after the 14th day after the purchase, in the shop's zone. */
export function withdrawalDeadline(purchasedAt: Date, timeZone: string): Date {
  const lastDay = addCalendarDays(calendarDateAt(purchasedAt, timeZone), WITHDRAWAL_DAYS);
  return new Date(instantOfWallClock(addCalendarDays(lastDay, 1), '00:00', timeZone));
}

/** Whether an order's kind carries the right at all: vouchers and passes yes, dated tickets no. */
export function kindHasWithdrawalRight(kind: OrderKind): boolean {
  return kind === 'VOUCHER' || kind === 'SUBSCRIPTION';
}

/**
 * Why an order cannot be withdrawn from now, by what the order says (whether
 * something of it was used is checked under the lock that ends it); null
 * when it can.
 */
export function withdrawalRefusal(
  order: { kind: OrderKind; status: string; paidAt: Date | null; renewal: boolean },
  now: Date,
  timeZone: string,
): WithdrawalRefusal | null {
  if (!kindHasWithdrawalRight(order.kind) || order.renewal) return 'WITHDRAWAL_NOT_ELIGIBLE';
  if (order.status === 'CANCELLED') return 'WITHDRAWAL_ALREADY_DONE';
  if (order.status !== 'PAID' || !order.paidAt) return 'WITHDRAWAL_NOT_PAID';
  if (now.getTime() >= withdrawalDeadline(order.paidAt, timeZone).getTime()) return 'WITHDRAWAL_PERIOD_OVER';
  return null;
}
