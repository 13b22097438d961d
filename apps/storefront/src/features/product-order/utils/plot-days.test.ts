import type { Plot } from '@kassa/domain/contract/plots';
import { describe, expect, it } from 'vitest';
import { initialDate, offeredPlots, plotDays, showSlotPrices, withBookedPlot } from './plot-days';

function plot(overrides: Partial<Plot> & Pick<Plot, 'id' | 'date'>): Plot {
  return {
    time: { start: '10:00', end: '11:00' },
    price: 10,
    lowestTotalPrice: 20,
    availability: { amount: 10, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [],
    ...overrides,
  };
}

describe('offeredPlots', () => {
  it('offers a slot only when the quantity fits and it still takes orders', () => {
    const plots = [
      plot({ id: 1, date: '2026-12-01', availability: { amount: 2, percentage: 10 } }),
      plot({ id: 2, date: '2026-12-01', maxOrdersReached: true }),
      plot({ id: 3, date: '2026-12-01', selectable: false }),
      plot({ id: 4, date: '2026-12-01' }),
    ];
    expect(offeredPlots(plots, 3, 'PLOT').map((p) => p.id)).toEqual([4]);
    expect(offeredPlots(plots, 3, 'NONE').map((p) => p.id)).toEqual([1, 4]);
  });
});

describe('withBookedPlot', () => {
  const plots = [
    plot({
      id: 1,
      date: '2026-12-01',
      time: { start: '11:00', end: null },
      availability: { amount: 1, percentage: 3 },
    }),
    plot({ id: 2, date: '2026-12-01', time: { start: '10:00', end: null } }),
    plot({ id: 3, date: '2026-12-02', selectable: false, availability: { amount: 1, percentage: 3 } }),
  ];

  it("keeps a rebooking's booked plot offered when the answer shows too little room, in date and time order", () => {
    const offered = offeredPlots(plots, 2, 'PLOT');
    expect(offered.map((p) => p.id)).toEqual([2]);
    expect(withBookedPlot(offered, plots, 1).map((p) => p.id)).toEqual([2, 1]);
  });

  it('adds nothing without a booked plot, or when the booked plot no longer takes bookings', () => {
    const offered = offeredPlots(plots, 2, 'PLOT');
    expect(withBookedPlot(offered, plots, null)).toBe(offered);
    expect(withBookedPlot(offered, plots, 3).map((p) => p.id)).toEqual([2]);
    expect(withBookedPlot(offered, plots, 99).map((p) => p.id)).toEqual([2]);
  });
});

describe('plotDays', () => {
  it('groups by date with the lowest total and the best availability dot', () => {
    const days = plotDays([
      plot({ id: 1, date: '2026-12-02', lowestTotalPrice: 30, availability: { amount: 1, percentage: 5 } }),
      plot({ id: 2, date: '2026-12-01', lowestTotalPrice: 25, availability: { amount: 9, percentage: 15 } }),
      plot({ id: 3, date: '2026-12-01', lowestTotalPrice: 20, time: { start: '09:00', end: null } }),
    ]);
    expect(days.map((day) => [day.date, day.lowestTotal, day.dot, day.plots.map((p) => p.id)])).toEqual([
      ['2026-12-01', 20, 'high', [3, 2]],
      ['2026-12-02', 30, 'medium', [1]],
    ]);
  });
});

describe('initialDate', () => {
  it('skips today when another day has room', () => {
    const days = plotDays([plot({ id: 1, date: '2026-12-01' }), plot({ id: 2, date: '2026-12-03' })]);
    expect(initialDate(days, '2026-12-01')).toBe('2026-12-03');
    expect(initialDate(days.slice(0, 1), '2026-12-01')).toBe('2026-12-01');
    expect(initialDate([], '2026-12-01')).toBeNull();
  });
});

describe('showSlotPrices', () => {
  it('hides prices that are all the same, or null or 0', () => {
    expect(showSlotPrices([plot({ id: 1, date: null }), plot({ id: 2, date: null })])).toBe(false);
    expect(
      showSlotPrices([plot({ id: 1, date: null, lowestTotalPrice: 0 }), plot({ id: 2, date: null })]),
    ).toBe(false);
    expect(
      showSlotPrices([plot({ id: 1, date: null, lowestTotalPrice: 30 }), plot({ id: 2, date: null })]),
    ).toBe(true);
  });
});
