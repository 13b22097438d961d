import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  audiencePricesCents,
  audienceTotalCents,
  lowestTicketPriceCents,
  plotPriceCents,
  quantityTotalCents,
  selectionTotalCents,
  ticketPriceCents,
  type PlotPriceKind,
  type PricedAudience,
  type PricedPlot,
  type PricedProduct,
} from './pricing.ts';

const fixed: PricedProduct = { priceType: 'FIXED', priceCents: 1000 };
const byAudience: PricedProduct = { priceType: 'AUDIENCE', priceCents: 1000 };
const adult: PricedAudience = { id: 1, priceCents: 1500, dependant: false };
const child: PricedAudience = { id: 2, priceCents: 750, dependant: true };
const senior: PricedAudience = { id: 3, priceCents: 1200, dependant: false };

function plot(
  priceCents: number | null,
  audiencePrices: [number, number][] = [],
  priceKind: PlotPriceKind | null = 'PLOT',
): PricedPlot {
  return { priceKind, priceCents, audiencePrices: new Map(audiencePrices) };
}

describe('ticketPriceCents', () => {
  it('prefers the plot audience price over everything', () => {
    expect(ticketPriceCents(byAudience, plot(2000, [[1, 1800]]), adult)).toBe(1800);
  });

  it('uses the plot price before the audience price', () => {
    expect(ticketPriceCents(byAudience, plot(2000), adult)).toBe(2000);
  });

  it('uses the audience price for AUDIENCE products when the plot sets none', () => {
    expect(ticketPriceCents(byAudience, plot(null), adult)).toBe(1500);
  });

  it('falls back to the product price', () => {
    expect(ticketPriceCents(fixed, plot(null), null)).toBe(1000);
    expect(ticketPriceCents(fixed, null, null)).toBe(1000);
  });

  it('ignores audience prices on FIXED products', () => {
    expect(ticketPriceCents(fixed, plot(null), adult)).toBe(1000);
  });

  it('never applies the single price of a plot priced per AUDIENCE', () => {
    expect(ticketPriceCents(byAudience, plot(9900, [], 'AUDIENCE'), adult)).toBe(1500);
    expect(ticketPriceCents(byAudience, plot(9900, [[1, 1300]], 'AUDIENCE'), adult)).toBe(1300);
  });

  it.each(['PLOT', 'DAY', 'TIMESLOT', 'DYNAMIC', null] as const)(
    'applies the plot price of kind %s',
    (kind) => {
      expect(ticketPriceCents({ priceType: 'DYNAMIC', priceCents: 500 }, plot(700, [], kind), null)).toBe(
        700,
      );
    },
  );

  it('always answers the plot audience price when one exists', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PricedProduct['priceType']>('FIXED', 'AUDIENCE', 'DYNAMIC'),
        fc.option(fc.nat(100_000), { nil: null }),
        fc.nat(100_000),
        fc.nat(100_000),
        (priceType, plotCents, audienceCents, plotAudienceCents) => {
          const audience = { id: 9, priceCents: audienceCents, dependant: false };
          const onPlot = plot(plotCents, [[9, plotAudienceCents]]);
          expect(ticketPriceCents({ priceType, priceCents: 1 }, onPlot, audience)).toBe(plotAudienceCents);
        },
      ),
    );
  });
});

describe('plotPriceCents', () => {
  it('is the plot price, else the product price', () => {
    expect(plotPriceCents(fixed, plot(1250))).toBe(1250);
    expect(plotPriceCents(fixed, plot(null))).toBe(1000);
  });

  it('is null for an AUDIENCE product whose plot sets no single price', () => {
    expect(plotPriceCents(byAudience, plot(null))).toBeNull();
    expect(plotPriceCents(byAudience, plot(800, [], 'AUDIENCE'))).toBeNull();
    expect(plotPriceCents(byAudience, plot(800))).toBe(800);
  });
});

describe('audiencePricesCents', () => {
  it('lists every audience with its price on the plot', () => {
    expect(audiencePricesCents(byAudience, plot(null, [[2, 500]]), [adult, child])).toEqual([
      { audience: 1, priceCents: 1500 },
      { audience: 2, priceCents: 500 },
    ]);
  });
});

describe('totals', () => {
  it('multiplies the ticket price by a plain quantity', () => {
    expect(quantityTotalCents(fixed, plot(1250), 3)).toBe(3750);
  });

  it('adds audience lines at their own prices', () => {
    const total = audienceTotalCents(
      byAudience,
      plot(null, [[1, 1400]]),
      [adult, child],
      [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
    );
    expect(total).toBe(2 * 1400 + 750);
  });

  it('refuses an audience that is not the product’s', () => {
    expect(() => audienceTotalCents(byAudience, null, [adult], [{ id: 99, quantity: 1 }])).toThrow(
      RangeError,
    );
  });

  it('is additive over audience lines', () => {
    const audiences = [adult, child, senior];
    const line = fc.record({ id: fc.constantFrom(1, 2, 3), quantity: fc.nat(20) });
    fc.assert(
      fc.property(
        fc.array(line),
        fc.array(line),
        fc.option(fc.nat(5000), { nil: null }),
        (a, b, plotCents) => {
          const onPlot = plot(plotCents, [[2, 300]]);
          const whole = audienceTotalCents(byAudience, onPlot, audiences, [...a, ...b]);
          expect(whole).toBe(
            audienceTotalCents(byAudience, onPlot, audiences, a) +
              audienceTotalCents(byAudience, onPlot, audiences, b),
          );
          expect(Number.isInteger(whole)).toBe(true);
        },
      ),
    );
  });
});

describe('lowestTicketPriceCents', () => {
  it('is the cheapest audience a visitor can book alone', () => {
    // The child is cheaper but dependant, so the senior is the lowest bookable ticket.
    expect(lowestTicketPriceCents(byAudience, null, [adult, child, senior])).toBe(1200);
  });

  it('counts dependants when every audience is dependant', () => {
    expect(lowestTicketPriceCents(byAudience, null, [child])).toBe(750);
  });

  it('is the plain ticket price for other products', () => {
    expect(lowestTicketPriceCents(fixed, plot(900), [adult])).toBe(900);
    expect(lowestTicketPriceCents(byAudience, plot(null), [])).toBe(1000);
  });

  it('is never above any single bookable audience ticket', () => {
    const audience = fc.record({ id: fc.nat(1000), priceCents: fc.nat(100_000), dependant: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(audience, { selector: (a) => a.id, minLength: 1 }), (audiences) => {
        const lowest = lowestTicketPriceCents(byAudience, null, audiences);
        const bookable = audiences.some((a) => !a.dependant)
          ? audiences.filter((a) => !a.dependant)
          : audiences;
        for (const a of bookable) expect(lowest).toBeLessThanOrEqual(ticketPriceCents(byAudience, null, a));
      }),
    );
  });
});

describe('selectionTotalCents', () => {
  it('prices the chosen quantity', () => {
    expect(selectionTotalCents(fixed, plot(800), [], { kind: 'quantity', quantity: 4 })).toBe(3200);
  });

  it('prices the chosen audiences', () => {
    const selection = { kind: 'audiences', audiences: [{ id: 3, quantity: 2 }] } as const;
    expect(selectionTotalCents(byAudience, null, [adult, senior], selection)).toBe(2400);
  });

  it('uses the minimum quantity (at least 1) with nothing chosen', () => {
    expect(selectionTotalCents(fixed, null, [], { kind: 'none', minQuantity: 3 })).toBe(3000);
    expect(selectionTotalCents(fixed, null, [], { kind: 'none', minQuantity: 0 })).toBe(1000);
    expect(selectionTotalCents(byAudience, null, [adult, senior], { kind: 'none', minQuantity: 2 })).toBe(
      2400,
    );
  });
});
