import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainder, refundShare, unitShares, type ShareLine } from './refund-share.ts';
import { productTotal } from './totals.ts';

describe('largestRemainder', () => {
  it('gives the leftover cents to the largest remainders, ties to the earlier part', () => {
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainder(10, [3, 7])).toEqual([3, 7]);
    expect(largestRemainder(5, [1, 2])).toEqual([2, 3]);
    expect(largestRemainder(0, [5, 5])).toEqual([0, 0]);
  });

  it('weights by count when every weight is 0', () => {
    expect(largestRemainder(250, [0, 0])).toEqual([125, 125]);
  });

  it('always adds up to the amount, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = largestRemainder(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          const total = weights.reduce((a, b) => a + b, 0);
          parts.forEach((part, index) => {
            const exact = total > 0 ? (amount * weights[index]!) / total : amount / weights.length;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

describe('refundShare', () => {
  // Two adults at 15.00, one child at 7.00, a 5.00 coupon, a 1.50 fee: paid 33.50.
  const lines: ShareLine[] = [
    { grossCents: 3000, quantity: 2, cancelledQuantity: 0 },
    { grossCents: 700, quantity: 1, cancelledQuantity: 0 },
  ];
  const paid = 3000 + 700 - 500 + 150;

  it('shares discount and fee out by gross, then over the units', () => {
    expect(unitShares(paid, lines)).toEqual([[1358, 1358], [634]]);
    expect(refundShare(paid, 0, lines, [{ line: 0, quantity: 1 }]).totalCents).toBe(1358);
  });

  it('the next unit of a line takes the next share', () => {
    const after = lines.map((line, index) => (index === 0 ? { ...line, cancelledQuantity: 1 } : line));
    expect(refundShare(paid, 1358, after, [{ line: 0, quantity: 1 }]).totalCents).toBe(1358);
    // 10.00 over three units: the first unit takes the leftover cent.
    expect(unitShares(1000, [{ grossCents: 3, quantity: 3, cancelledQuantity: 0 }])).toEqual([
      [334, 333, 333],
    ]);
  });

  it('refuses more units than are left', () => {
    expect(() => refundShare(paid, 0, lines, [{ line: 1, quantity: 2 }])).toThrow(RangeError);
    expect(() => refundShare(paid, 0, lines, [{ line: 5, quantity: 1 }])).toThrow(RangeError);
  });

  it('never gives back more than is left after earlier refunds', () => {
    const share = refundShare(paid, paid - 100, lines, [{ line: 0, quantity: 2 }]);
    expect(share.totalCents).toBe(100);
    expect(share.perCancel).toEqual([100]);
  });

  /** A random order: lines, a discount up to its gross, fees; paid as the shop charges it. */
  const order = fc
    .record({
      lines: fc.array(
        fc.record({
          unit: fc.integer({ min: 0, max: 20_000 }),
          quantity: fc.integer({ min: 1, max: 8 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      discount: fc.integer({ min: 0, max: 200_000 }),
      fees: fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 3 }),
    })
    .map(({ lines, discount, fees }) => {
      const shareLines = lines.map((line) => ({
        grossCents: line.unit * line.quantity,
        quantity: line.quantity,
        cancelledQuantity: 0,
      }));
      const { totalCents } = productTotal({
        subtotalCents: shareLines.reduce((sum, line) => sum + line.grossCents, 0),
        discountCents: discount,
        additions: fees.map((amountCents) => ({ amountCents, type: 0 })),
      });
      return { lines: shareLines, paid: totalCents };
    });

  /** The order and a random sequence of partial cancellations that in the end cancels every unit. */
  const cancelledStepByStep = order.chain((o) => {
    const units = o.lines.flatMap((line, index) => Array.from({ length: line.quantity }, () => index));
    return fc
      .tuple(fc.shuffledSubarray(units, { minLength: units.length, maxLength: units.length }), fc.nat())
      .map(([shuffled, seed]) => {
        // Group the shuffled units into steps of 1–3 cancellations.
        const steps: number[][] = [];
        let rest = shuffled;
        let s = seed;
        while (rest.length > 0) {
          const size = 1 + (s % 3);
          s = Math.floor(s / 3) + 7;
          steps.push(rest.slice(0, size));
          rest = rest.slice(size);
        }
        return { ...o, steps };
      });
  });

  it('a sequence of partial cancellations never gives back more than was paid, and all of them give it back exactly', () => {
    fc.assert(
      fc.property(cancelledStepByStep, ({ lines, paid, steps }) => {
        const state = lines.map((line) => ({ ...line }));
        let refunded = 0;
        for (const step of steps) {
          const counts = new Map<number, number>();
          for (const line of step) counts.set(line, (counts.get(line) ?? 0) + 1);
          const cancels = [...counts].map(([line, quantity]) => ({ line, quantity }));
          const share = refundShare(paid, refunded, state, cancels);
          expect(share.totalCents).toBeGreaterThanOrEqual(0);
          expect(share.perCancel.reduce((a, b) => a + b, 0)).toBe(share.totalCents);
          refunded += share.totalCents;
          expect(refunded).toBeLessThanOrEqual(paid);
          for (const { line, quantity } of cancels) state[line]!.cancelledQuantity += quantity;
        }
        expect(refunded).toBe(paid);
      }),
    );
  });

  it('the order units are cancelled in does not change what comes back in all', () => {
    fc.assert(
      fc.property(order, fc.nat({ max: 5 }), ({ lines, paid }, pick) => {
        const line = pick % lines.length;
        const all = refundShare(paid, 0, lines, [{ line, quantity: lines[line]!.quantity }]);
        let oneByOne = 0;
        const state = lines.map((l) => ({ ...l }));
        for (let i = 0; i < lines[line]!.quantity; i += 1) {
          oneByOne += refundShare(paid, oneByOne, state, [{ line, quantity: 1 }]).totalCents;
          state[line]!.cancelledQuantity += 1;
        }
        expect(oneByOne).toBe(all.totalCents);
      }),
    );
  });
});
