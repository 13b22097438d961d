import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityDotClass,
  availabilityOf,
  isMaxOrdersReached,
  isSlotOffered,
  largestAvailability,
  slotTooltipClass,
} from './availability.ts';

describe('availabilityOf', () => {
  it('is null/null without a capacity limit', () => {
    expect(availabilityOf(null, 7)).toEqual({ amount: null, percentage: null });
  });

  it('subtracts held seats from capacity', () => {
    expect(availabilityOf(40, 30)).toEqual({ amount: 10, percentage: 25 });
  });

  it('never goes below zero when holds exceed capacity', () => {
    expect(availabilityOf(10, 12)).toEqual({ amount: 0, percentage: 0 });
  });

  it('treats a zero capacity as sold out', () => {
    expect(availabilityOf(0, 0)).toEqual({ amount: 0, percentage: 0 });
  });

  it('keeps amount within 0..capacity and percentage within 0..100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (capacity, held) => {
          const { amount, percentage } = availabilityOf(capacity, held);
          expect(amount).toBe(Math.max(0, capacity - held));
          expect(percentage).toBeGreaterThanOrEqual(0);
          expect(percentage).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('classes the dot exactly as the seat ratio compares to 20 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (capacity, held) => {
          const left = Math.max(0, capacity - held);
          const expected = left * 100 > capacity * 20 ? 'high' : left > 0 ? 'medium' : 'low';
          expect(availabilityDotClass(availabilityOf(capacity, held).percentage)).toBe(expected);
        },
      ),
    );
  });
});

describe('availabilityDotClass', () => {
  it.each([
    [100, 'high'],
    [20.5, 'high'],
    [20, 'medium'],
    [0.1, 'medium'],
    [0, 'low'],
    [null, 'high'],
  ] as const)('classes %s %% as %s', (percentage, expected) => {
    expect(availabilityDotClass(percentage)).toBe(expected);
  });
});

describe('slotTooltipClass', () => {
  it.each([
    [0, 'low'],
    [0.5, 'medium'],
    [19.99, 'medium'],
    [20, 'high'],
    [100, 'high'],
    [null, 'high'],
  ] as const)('classes %s %% as %s', (percentage, expected) => {
    expect(slotTooltipClass(percentage)).toBe(expected);
  });
});

describe('isMaxOrdersReached', () => {
  it('is never reached without a limit', () => {
    expect(isMaxOrdersReached(null, 10_000)).toBe(false);
  });

  it('is reached once active orders meet the limit', () => {
    expect(isMaxOrdersReached(3, 2)).toBe(false);
    expect(isMaxOrdersReached(3, 3)).toBe(true);
    expect(isMaxOrdersReached(3, 4)).toBe(true);
  });
});

describe('isSlotOffered', () => {
  const plot = (amount: number | null, maxOrdersReached = false) => ({
    availability: { amount, percentage: amount === null ? null : amount },
    maxOrdersReached,
  });

  it('offers a slot when the quantity fits the seats left', () => {
    expect(isSlotOffered(plot(4), 4, 'PLOT')).toBe(true);
    expect(isSlotOffered(plot(4), 5, 'PLOT')).toBe(false);
  });

  it('offers any quantity when capacity is NONE or unlimited', () => {
    expect(isSlotOffered(plot(0), 50, 'NONE')).toBe(true);
    expect(isSlotOffered(plot(null), 50, 'PLOT')).toBe(true);
  });

  it('never offers a slot whose max orders are reached', () => {
    expect(isSlotOffered(plot(100, true), 1, 'PLOT')).toBe(false);
    expect(isSlotOffered(plot(null, true), 1, 'NONE')).toBe(false);
  });
});

describe('largestAvailability', () => {
  const plot = (amount: number | null, extra: { selectable?: boolean; maxOrdersReached?: boolean } = {}) => ({
    availability: { amount, percentage: amount === null ? null : amount / 2 },
    selectable: extra.selectable ?? true,
    maxOrdersReached: extra.maxOrdersReached ?? false,
  });

  it('is the most seats left on a plot that is still on sale', () => {
    expect(largestAvailability([plot(40), plot(120), plot(90)])).toEqual({ amount: 120, percentage: 60 });
  });

  it('ignores plots that cannot be chosen or take no more orders', () => {
    const plots = [plot(30), plot(400, { selectable: false }), plot(500, { maxOrdersReached: true })];
    expect(largestAvailability(plots).amount).toBe(30);
  });

  it('has no limit when a plot on sale has none, and is 0 when nothing is on sale', () => {
    expect(largestAvailability([plot(30), plot(null)])).toEqual({ amount: null, percentage: null });
    expect(largestAvailability([plot(null, { selectable: false })])).toEqual({ amount: 0, percentage: 0 });
    expect(largestAvailability([])).toEqual({ amount: 0, percentage: 0 });
  });

  it('never offers more than some plot on sale has left (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 0, max: 500 }),
            selectable: fc.boolean(),
            maxOrdersReached: fc.boolean(),
          }),
        ),
        (rows) => {
          const plots = rows.map((row) => plot(row.amount, row));
          const largest = largestAvailability(plots).amount ?? Infinity;
          const onSale = plots.filter((p) => p.selectable && !p.maxOrdersReached);
          expect(onSale.every((p) => (p.availability.amount ?? 0) <= largest)).toBe(true);
          expect(largest === 0 || onSale.some((p) => p.availability.amount === largest)).toBe(true);
        },
      ),
    );
  });
});
