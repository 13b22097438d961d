import { describe, expect, it } from 'vitest';
import type { OrderAnswer } from '../contract/orders.ts';
import { simulatedTotals } from './simulated-totals.ts';

/** One simulated cart item's answer, as POST /api/orders with simulate=true gives it. */
function item(priceInfo: OrderAnswer['priceInfo'], invoice = false): OrderAnswer {
  return { order: { status: 'SIMULATED', hash: null }, payment: null, invoice, priceInfo };
}

describe('simulatedTotals (the summary shows the server’s totals, decision 0147)', () => {
  it('a coupon: subtotal − the server’s discount + additions', () => {
    // 2 × 19.50 tickets, 10% off the tickets only, 0.95 service costs on the first item.
    expect(simulatedTotals([item({ productPrice: 39, discount: 3.9, additions: 0.95 })])).toEqual({
      subtotalCents: 3900,
      discountCents: 390,
      additionsCents: 95,
      creditCents: 0,
      totalCents: 3605,
    });
  });

  it('voucher credit over two cart items: the additions dropped when nothing is left to pay', () => {
    const totals = simulatedTotals([
      item({ productPrice: 19.5, discount: 19.5, additions: 0 }),
      item({ productPrice: 13, discount: 13, additions: 0 }),
    ]);
    expect(totals).toMatchObject({ subtotalCents: 3250, discountCents: 3250, totalCents: 0 });
  });

  it('a subscription redemption: the redeemed visit comes off as the server priced it', () => {
    // The local rules knew nothing of the pass and showed 18.45; the server charges 0.
    expect(simulatedTotals([item({ productPrice: 17.5, discount: 17.5, additions: 0 })])?.totalCents).toBe(0);
  });

  it('a rebooking: the fee, less the booked order’s credit', () => {
    expect(simulatedTotals([item({ productPrice: 45, discount: 0, additions: 2.5, credit: 45 })])).toEqual({
      subtotalCents: 4500,
      discountCents: 0,
      additionsCents: 250,
      creditCents: 4500,
      totalCents: 250,
    });
  });

  it('on invoice: 0 to pay now', () => {
    expect(
      simulatedTotals([item({ productPrice: 39, discount: 0, additions: 0.95 }, true)])?.totalCents,
    ).toBe(0);
  });

  it('no answers: no totals, never a guess', () => {
    expect(simulatedTotals([])).toBeNull();
  });
});
