import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptTypedSubscriptionQuantity,
  audienceQuantitiesWithinBounds,
  audienceTotalMax,
  clampSubscriptionAudienceQuantity,
  clampUpsellQuantity,
  decrementAudienceQuantity,
  decrementPlainQuantity,
  donationQuantity,
  incrementAudienceQuantity,
  incrementPlainQuantity,
  isAudienceQuantityReady,
  isPlainQuantityReady,
  isVoucherQuantityReady,
  parseDonationInput,
  plainQuantityMax,
  plainQuantityProblem,
  stepDonationCents,
  voucherValueMax,
} from './quantity.ts';

describe('plain quantity', () => {
  it('caps plus at max_quantity and at availability', () => {
    expect(incrementPlainQuantity(4, { minQuantity: 1, maxQuantity: 4, availability: 10 })).toBe(4);
    expect(incrementPlainQuantity(2, { minQuantity: 1, maxQuantity: null, availability: 2 })).toBe(2);
    expect(incrementPlainQuantity(2, { minQuantity: 1, maxQuantity: null, availability: 5 })).toBe(3);
  });

  it('allows 999 on slots without a capacity limit', () => {
    expect(plainQuantityMax({ minQuantity: 1, maxQuantity: null, availability: null })).toBe(999);
    expect(incrementPlainQuantity(999, { minQuantity: 1, maxQuantity: null, availability: null })).toBe(999);
  });

  it('stops minus at min_quantity and jumps plus up to it', () => {
    expect(decrementPlainQuantity(2, 2)).toBe(2);
    expect(decrementPlainQuantity(3, 2)).toBe(2);
    expect(incrementPlainQuantity(0, { minQuantity: 3, maxQuantity: null, availability: null })).toBe(3);
  });

  it('is ready above 0', () => {
    expect(isPlainQuantityReady(0)).toBe(false);
    expect(isPlainQuantityReady(1)).toBe(true);
  });

  it('names the problem with a quantity', () => {
    const limits = { minQuantity: 2, maxQuantity: 5, availability: 4 };
    expect(plainQuantityProblem(1, limits)).toBe('MINIMUM');
    expect(plainQuantityProblem(5, limits)).toBe('AVAILABILITY');
    expect(plainQuantityProblem(3, limits)).toBeNull();
    expect(plainQuantityProblem(3, { ...limits, availability: 0 })).toBe('NOT_AVAILABLE');
  });

  it('never steps outside [min, max] once inside (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (minQuantity, maxQuantity, availability, presses) => {
          const limits = { minQuantity, maxQuantity, availability };
          const max = plainQuantityMax(limits);
          let quantity = 0;
          for (const plus of presses) {
            quantity = plus
              ? incrementPlainQuantity(quantity, limits)
              : decrementPlainQuantity(quantity, minQuantity);
            expect(quantity).toBeLessThanOrEqual(Math.max(max, 0));
          }
        },
      ),
    );
  });
});

describe('audience quantity', () => {
  const adult = { id: 1, min_quantity: 2, dependant: false };
  const child = { id: 2, min_quantity: 0, dependant: true };

  it('jumps up to min_quantity and drops to 0 below it', () => {
    expect(incrementAudienceQuantity(0, adult, 0, null)).toBe(2);
    expect(incrementAudienceQuantity(2, adult, 0, null)).toBe(3);
    expect(decrementAudienceQuantity(2, adult)).toBe(0);
    expect(decrementAudienceQuantity(3, adult)).toBe(2);
  });

  it('caps the total over audiences at max_quantity', () => {
    expect(incrementAudienceQuantity(2, adult, 3, 5)).toBe(2);
    expect(incrementAudienceQuantity(1, child, 3, 5)).toBe(2);
  });

  it('is ready with the minimum reached and a non-dependant audience chosen', () => {
    expect(isAudienceQuantityReady([adult, child], { 1: 0, 2: 3 }, 1)).toBe(false);
    expect(isAudienceQuantityReady([adult, child], { 1: 2, 2: 0 }, 3)).toBe(false);
    expect(isAudienceQuantityReady([adult, child], { 1: 2, 2: 1 }, 3)).toBe(true);
  });

  it('rejects quantities between 0 and an audience min_quantity', () => {
    expect(audienceQuantitiesWithinBounds([adult], { 1: 1 }, null)).toBe(false);
    expect(audienceQuantitiesWithinBounds([adult, child], { 1: 2, 2: 4 }, 5)).toBe(false);
    expect(audienceQuantitiesWithinBounds([adult, child], { 1: 2, 2: 3 }, 5)).toBe(true);
  });
});

describe('subscription, voucher and upsell quantities', () => {
  it('keeps subscription audience quantities within 0 to 10', () => {
    expect(clampSubscriptionAudienceQuantity(11)).toBe(10);
    expect(clampSubscriptionAudienceQuantity(-1)).toBe(0);
    expect(acceptTypedSubscriptionQuantity(2, 10)).toBe(10);
    expect(acceptTypedSubscriptionQuantity(2, 11)).toBe(2);
  });

  it('caps voucher values by availability and the total by max_quantity', () => {
    expect(voucherValueMax({ id: 1, availability: 3 }, { 1: 0, 2: 0 }, 10)).toBe(3);
    expect(voucherValueMax({ id: 1, availability: null }, { 1: 1, 2: 6 }, 10)).toBe(4);
    expect(voucherValueMax({ id: 1, availability: null }, {}, null)).toBe(999);
    expect(isVoucherQuantityReady({ 1: 1, 2: 1 }, 2)).toBe(true);
    expect(isVoucherQuantityReady({ 1: 1 }, 2)).toBe(false);
  });

  it('runs standard upsells from 0 to max_quantity or 999', () => {
    expect(clampUpsellQuantity(5, 3)).toBe(3);
    expect(clampUpsellQuantity(1200, null)).toBe(999);
    expect(clampUpsellQuantity(-2, null)).toBe(0);
  });

  it('reads donation input with a comma or dot and rounds to 2 decimals', () => {
    expect(parseDonationInput('12,345')).toBe(12.35);
    expect(parseDonationInput('€ 7.5')).toBe(7.5);
    expect(parseDonationInput('1.2.3')).toBe(0);
    expect(parseDonationInput('abc')).toBe(0);
  });

  it('steps donations by donation_step, never below 0, with quantity 1 only above 0', () => {
    expect(stepDonationCents(100, 250, -1)).toBe(0);
    expect(stepDonationCents(100, 250, 1)).toBe(350);
    expect(donationQuantity(0)).toBe(0);
    expect(donationQuantity(1)).toBe(1);
  });
});

describe('audienceTotalMax', () => {
  it('is the lower of max_quantity and the seats left, null when neither limits', () => {
    expect(audienceTotalMax(8, 3)).toBe(3);
    expect(audienceTotalMax(8, 120)).toBe(8);
    expect(audienceTotalMax(null, 120)).toBe(120);
    expect(audienceTotalMax(8, null)).toBe(8);
    expect(audienceTotalMax(null, null)).toBeNull();
    expect(audienceTotalMax(8, 0)).toBe(0);
  });
});
