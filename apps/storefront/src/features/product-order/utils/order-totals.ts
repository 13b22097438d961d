/**
 * The summary's totals are the server's (ARCHITECTURE §2: pricing is the
 * server's; decision 0147): the simulated POST /api/orders answers each cart
 * item's priceInfo, and the summary adds them up. Nothing is recomputed
 * here, so every discount the server knows — coupons, voucher credit,
 * subscription redemptions, a rebooking's credit — shows exactly as it is
 * charged.
 */
import type { OrderAnswer } from '@kassa/domain/contract/orders';
import { amountToCents } from '@kassa/domain/rules/money';
import type { TotalBreakdown } from '@kassa/domain/rules/totals';
import type { CartOrder } from '@/lib/cart-store';

export interface SimulatedTotals extends TotalBreakdown {
  /** Rebooking only: the booked order's value taken off (decision 0040). */
  creditCents: number;
}

/**
 * Sums the simulated items: subtotal − discount + additions − credit, as
 * the server's productTotal made them (additions and the credit sit on the
 * first item); 0 when the order goes on invoice. Null for no answers.
 */
export function simulatedTotals(answers: readonly OrderAnswer[]): SimulatedTotals | null {
  if (answers.length === 0) return null;
  const sum = (pick: (info: OrderAnswer['priceInfo']) => number | undefined) =>
    answers.reduce((total, answer) => total + amountToCents(pick(answer.priceInfo) ?? 0), 0);
  const subtotalCents = sum((info) => info.productPrice);
  const discountCents = sum((info) => info.discount);
  const additionsCents = sum((info) => info.additions);
  const creditCents = sum((info) => info.credit);
  const onInvoice = answers.some((answer) => answer.invoice);
  return {
    subtotalCents,
    discountCents,
    additionsCents,
    creditCents,
    totalCents: onInvoice ? 0 : subtotalCents - discountCents + additionsCents - creditCents,
  };
}

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
