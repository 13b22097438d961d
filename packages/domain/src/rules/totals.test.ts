import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productTotal, reservationTotal, subscriptionTotal } from './totals.ts';

const additions = [
  { amountCents: 150, type: 0 },
  { amountCents: 50, type: 0 },
  { amountCents: 300, type: 1 },
];

describe('productTotal', () => {
  it('is subtotal minus discount plus the type 0 additions', () => {
    expect(productTotal({ subtotalCents: 2000, discountCents: 500, additions })).toEqual({
      subtotalCents: 2000,
      discountCents: 500,
      additionsCents: 200,
      creditCents: 0,
      totalCents: 1700,
    });
  });

  it('credits a rebooked order after the type 1 additions, never below 0', () => {
    const rebook = { discountCents: 0, additions, rebooking: true };
    // Same price: only the rebooking fee is left to pay.
    expect(productTotal({ ...rebook, subtotalCents: 2000, rebookCreditCents: 2000 })).toMatchObject({
      additionsCents: 300,
      creditCents: 2000,
      totalCents: 300,
    });
    // Dearer slot: the difference plus the fee.
    expect(productTotal({ ...rebook, subtotalCents: 2600, rebookCreditCents: 2000 }).totalCents).toBe(900);
    // Cheaper slot: nothing to pay, nothing paid out.
    expect(productTotal({ ...rebook, subtotalCents: 1000, rebookCreditCents: 2000 })).toMatchObject({
      creditCents: 1300,
      totalCents: 0,
    });
  });

  it('ignores a credit outside a rebooking', () => {
    expect(
      productTotal({ subtotalCents: 2000, discountCents: 0, additions, rebookCreditCents: 2000 }).totalCents,
    ).toBe(2200);
  });

  it('takes type 1 additions on a rebooking', () => {
    expect(
      productTotal({ subtotalCents: 2000, discountCents: 0, additions, rebooking: true }).totalCents,
    ).toBe(2300);
  });

  it('adds nothing when nothing is left to pay', () => {
    expect(productTotal({ subtotalCents: 1000, discountCents: 1000, additions }).totalCents).toBe(0);
    expect(productTotal({ subtotalCents: 0, discountCents: 0, additions }).additionsCents).toBe(0);
  });

  it('is 0 on invoice', () => {
    const total = productTotal({ subtotalCents: 2000, discountCents: 0, additions, onInvoice: true });
    expect(total.totalCents).toBe(0);
    expect(total.additionsCents).toBe(200);
  });

  it('is never negative and never above subtotal plus additions (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(2_000_000),
        fc.boolean(),
        (subtotalCents, discountCents, rebooking) => {
          const total = productTotal({ subtotalCents, discountCents, additions, rebooking });
          expect(total.totalCents).toBeGreaterThanOrEqual(0);
          expect(total.totalCents).toBeLessThanOrEqual(subtotalCents + (rebooking ? 300 : 200));
          expect(Number.isInteger(total.totalCents)).toBe(true);
        },
      ),
    );
  });
});

describe('subscriptionTotal', () => {
  it('caps the discount at the subtotal and adds only type 0 additions', () => {
    expect(subscriptionTotal({ subtotalCents: 1000, discountCents: 5000, additions }).totalCents).toBe(0);
    expect(subscriptionTotal({ subtotalCents: 1000, discountCents: 100, additions }).totalCents).toBe(1100);
  });
});

describe('reservationTotal', () => {
  it('adds products and upsells, subtracts the discount and skips type 1 additions', () => {
    const total = reservationTotal({ productsCents: 2000, upsellsCents: 500, discountCents: 300, additions });
    expect(total).toEqual({ subtotalCents: 2500, discountCents: 300, additionsCents: 200, totalCents: 2400 });
  });
});
