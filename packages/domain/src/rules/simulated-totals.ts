/**
 * The order summary's totals, taken from the server's simulation (decision
 * 0147): the storefront shows these, and the server proves in a test that
 * they equal what each kind of discounted order is charged.
 */
import type { OrderAnswer } from '../contract/orders.ts';
import { amountToCents } from './money.ts';
import type { TotalBreakdown } from './totals.ts';

export interface SimulatedTotals extends TotalBreakdown {
  /** Rebooking only: the booked order's value taken off (decision 0040). */
  creditCents: number;
}

/**
 * Sums the simulated cart items of a POST /api/orders answer: subtotal −
 * discount + additions − credit, as the server's productTotal made them
 * (additions and the credit sit on the first item); 0 when the order goes
 * on invoice. Null for no answers.
 */
export function simulatedTotals(
  answers: readonly Pick<OrderAnswer, 'invoice' | 'priceInfo'>[],
): SimulatedTotals | null {
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
