import { isOnSale } from '@kassa/domain/rules/sales-end';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedPlot } from './load-plots.ts';
import { plotSaleState } from './plot-dto.ts';

function plot(date: string, startTime: string | null, endTime: string | null): LoadedPlot {
  return {
    id: 1,
    date,
    startTime,
    endTime,
    capacity: 10,
    maxOrders: null,
    priceKind: null,
    priceCents: null,
    selectable: true,
    closedReason: null,
    holds: { seats: 0, orders: 0 },
    audiencePrices: new Map(),
  };
}

describe('plotSaleState: whether a plot still sells (decision 0275)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what the sales-end rule says, for plots near now in zones far from UTC either way', () => {
    const now = new Date('2026-03-29T01:30:00Z');
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Amsterdam', 'UTC'];
    const dates = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-02'];
    const times: [string | null, string | null][] = [
      ['00:00:00', '01:00:00'],
      ['09:30:00', '10:30:00'],
      ['23:30:00', '23:59:00'],
      [null, '17:00:00'],
      [null, null],
    ];
    for (const timeZone of zones)
      for (const date of dates)
        for (const [startTime, endTime] of times)
          for (const hasTimeslots of [true, false])
            for (const salesEndMinutes of [0, 90, 3 * 24 * 60, -60]) {
              const row = plot(date, startTime, endTime);
              const product = { capacityType: 'PLOT' as const, hasTimeslots, salesEndMinutes };
              const rule = isOnSale(
                { date, start: startTime, end: endTime },
                { timeslots: hasTimeslots, salesEndMinutes },
                now.getTime(),
                timeZone,
              );
              expect(plotSaleState(row, product, now, timeZone).selectable, `${timeZone} ${date}`).toBe(rule);
            }
  });

  it("leaves the zone's clock alone for a plot days ahead", () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const product = { capacityType: 'PLOT' as const, hasTimeslots: true, salesEndMinutes: 60 };
    const state = plotSaleState(
      plot('2026-05-10', '10:00:00', '11:00:00'),
      product,
      new Date('2026-05-01T12:00:00Z'),
      'Europe/Amsterdam',
    );
    expect(state.selectable).toBe(true);
    expect(formatToParts).not.toHaveBeenCalled();
  });
});
