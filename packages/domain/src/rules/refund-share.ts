/**
 * How much of an order's money comes back when part of it is cancelled
 * (decision 0235). The order's paid total — its lines' gross, less its
 * discounts (coupons, sold vouchers' credit), plus its order-level fees —
 * is shared out over the lines in proportion to their gross, and a line's
 * share over its units, both with the largest-remainder rule, so every
 * cent of what was paid belongs to exactly one unit. Cancelling a unit
 * gives back that unit's share; units of a line are cancelled in order
 * (the first cancelled takes unit 0's share, the next unit 1's, …), so any
 * sequence of partial cancellations adds up, and cancelling everything
 * gives back exactly what was paid — never more, and never more than is
 * left after the refunds already made.
 *
 * Largest remainder, in integer cents: each part first gets the floor of
 * its exact share (amount × weight ÷ total weight); the cents left over go
 * one each to the parts with the largest fractional remainder, ties to the
 * earlier part. When every weight is 0 (free lines with a paid fee), the
 * parts are weighted by quantity instead.
 */

/** One line of an order as the share-out sees it. */
export interface ShareLine {
  /** Gross of the line before any discount or fee, in cents (≥ 0). */
  grossCents: number;
  /** Units on the line (≥ 1). */
  quantity: number;
  /** Units already cancelled (0 … quantity). */
  cancelledQuantity: number;
}

/** Splits `amount` cents over `weights` by the largest-remainder rule; the parts add up to `amount`. */
export function largestRemainder(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount must be whole cents ≥ 0');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const used = total > 0 ? weights : weights.map(() => 1);
  const sum = BigInt(total > 0 ? total : weights.length);
  const big = BigInt(amount);
  const parts = used.map((weight) => {
    const exact = big * BigInt(weight);
    return { floor: exact / sum, remainder: exact % sum };
  });
  let left = amount - parts.reduce((acc, part) => acc + Number(part.floor), 0);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = parts.map((part) => Number(part.floor));
  for (const { index } of order) {
    if (left <= 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

/** Each line's share of the paid total, and each unit's share of its line's. */
export function unitShares(paidCents: number, lines: readonly ShareLine[]): number[][] {
  const lineShares = largestRemainder(
    paidCents,
    lines.map((line) => line.grossCents),
  );
  return lines.map((line, index) =>
    largestRemainder(
      lineShares[index]!,
      Array.from({ length: line.quantity }, () => 1),
    ),
  );
}

/** A cancellation of `quantity` more units of line `line` (its index). */
export interface ShareCancel {
  line: number;
  quantity: number;
}

export interface RefundShare {
  /** What comes back in all, in cents. */
  totalCents: number;
  /** Per cancel, in the order asked: the cents its units are worth. */
  perCancel: number[];
}

/**
 * What cancelling `cancels` gives back of an order that was paid
 * `paidCents`, of which `refundedCents` came back already. Throws a
 * RangeError when a cancel names no line or more units than are left.
 * The answer is capped at paid − refunded, which the share-out never
 * reaches unless earlier refunds were made outside it.
 */
export function refundShare(
  paidCents: number,
  refundedCents: number,
  lines: readonly ShareLine[],
  cancels: readonly ShareCancel[],
): RefundShare {
  const shares = unitShares(paidCents, lines);
  const taken = lines.map((line) => line.cancelledQuantity);
  const perCancel = cancels.map((cancel) => {
    const line = lines[cancel.line];
    if (!line || !Number.isInteger(cancel.quantity) || cancel.quantity < 0)
      throw new RangeError(`no such line or quantity: ${cancel.line}`);
    const from = taken[cancel.line]!;
    if (from + cancel.quantity > line.quantity)
      throw new RangeError(`line ${cancel.line} has fewer units left than ${cancel.quantity}`);
    taken[cancel.line] = from + cancel.quantity;
    return shares[cancel.line]!.slice(from, from + cancel.quantity).reduce((sum, cents) => sum + cents, 0);
  });
  const wanted = perCancel.reduce((sum, cents) => sum + cents, 0);
  const left = Math.max(0, paidCents - Math.max(0, refundedCents));
  if (wanted <= left) return { totalCents: wanted, perCancel };
  // Capped: take the excess off the last cancels first.
  let excess = wanted - left;
  for (let index = perCancel.length - 1; index >= 0 && excess > 0; index -= 1) {
    const off = Math.min(perCancel[index]!, excess);
    perCancel[index]! -= off;
    excess -= off;
  }
  return { totalCents: left, perCancel };
}
