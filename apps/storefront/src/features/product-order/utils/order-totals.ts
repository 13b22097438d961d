/**
 * What the summary adds to the server's totals (decision 0147): the totals
 * themselves are the simulation's (`simulatedTotals` in the domain rules);
 * only how much a redeemed subscription paid is read off here, to show it
 * as its own line.
 */
import type { TotalBreakdown } from '@kassa/domain/rules/totals';
import type { CartOrder } from '@/lib/cart-store';

/**
 * What redeemed subscriptions pay: the server prices a redeemed item's
 * tickets at 0, so its subtotal falls short of the lines the summary lists
 * (catalogue prices) by exactly that. 0 without a subscription or totals.
 */
export function redeemedCents(items: readonly CartOrder[], totals: TotalBreakdown | null): number {
  if (!totals || !items.some((item) => item.subscription)) return 0;
  const listed = items.reduce((sum, item) => sum + (item.summary?.subtotalCents ?? 0), 0);
  return Math.max(0, listed - totals.subtotalCents);
}
