import type { Plot } from '@kassa/domain/contract/plots';
import { describe, expect, it } from 'vitest';
import { calendarPlots } from './calendar-plots';

function aPlot(overrides: Partial<Plot> & { id: number }): Plot {
  return {
    date: '2026-11-23',
    time: { start: '10:00', end: '11:00' },
    price: 10,
    lowestTotalPrice: 12.5,
    availability: { amount: 20, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [{ audience: 1, price: 8 }],
    ...overrides,
  };
}

describe('calendarPlots (decision 0280)', () => {
  it('keeps the shown plots with what an event card uses, and nothing else', () => {
    const kept = calendarPlots([
      aPlot({ id: 1 }),
      aPlot({ id: 2, availability: { amount: 0, percentage: 0 } }),
      aPlot({ id: 3, selectable: false }),
      aPlot({ id: 4, date: null }),
      aPlot({ id: 5, availability: { amount: null, percentage: null }, lowestTotalPrice: null, price: null }),
    ]);
    expect(kept).toEqual([
      { id: 1, date: '2026-11-23', time: { start: '10:00', end: '11:00' }, price: 12.5, availability: 50 },
      { id: 5, date: '2026-11-23', time: { start: '10:00', end: '11:00' }, price: 8, availability: null },
    ]);
  });
});
