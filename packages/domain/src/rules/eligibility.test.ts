import { describe, expect, it } from 'vitest';
import {
  firstEligibleSubscription,
  passesShownAtTheDoor,
  passRedemption,
  subscriptionEligibility,
  type RedeemableSubscription,
} from './eligibility.ts';

const online: RedeemableSubscription = {
  token: 'tok',
  type: 'ONLINE',
  available_redemptions: 3,
  subscription: { products: [10, 11] },
};

describe('subscriptionEligibility', () => {
  it('accepts an online subscription with a token, the product and enough redemptions', () => {
    expect(subscriptionEligibility(online, 10, 3)).toEqual({ eligible: true });
  });

  it('names why a subscription is not eligible', () => {
    expect(subscriptionEligibility({ ...online, token: null }, 10, 1)).toEqual({
      eligible: false,
      reason: 'NO_TOKEN',
    });
    expect(subscriptionEligibility({ ...online, type: 'PHYSICAL' }, 10, 1)).toEqual({
      eligible: false,
      reason: 'NOT_ONLINE',
    });
    expect(subscriptionEligibility(online, 12, 1)).toEqual({
      eligible: false,
      reason: 'PRODUCT_NOT_INCLUDED',
    });
    expect(subscriptionEligibility(online, 10, 4)).toEqual({
      eligible: false,
      reason: 'NOT_ENOUGH_REDEMPTIONS',
    });
  });

  it('allows unlimited redemptions only for a quantity of 1', () => {
    const unlimited = { ...online, available_redemptions: -1 };
    expect(subscriptionEligibility(unlimited, 10, 1).eligible).toBe(true);
    expect(subscriptionEligibility(unlimited, 10, 2).eligible).toBe(false);
  });

  it('preselects the first eligible subscription', () => {
    const physical = { ...online, type: 'PHYSICAL', token: 'a' };
    expect(firstEligibleSubscription([physical, { ...online, token: 'b' }], 10, 1)?.token).toBe('b');
  });
});

describe('passRedemption', () => {
  it('redeems online passes in the shop and shows physical ones at the door', () => {
    expect(passRedemption('ONLINE')).toBe('ONLINE');
    expect(passRedemption('PHYSICAL')).toBe('AT_DOOR');
  });
});

describe('passesShownAtTheDoor', () => {
  const held = (redeem: 'ONLINE' | 'AT_DOOR', products: number[], title: string) => ({
    redeem,
    subscription: { title, products },
  });

  it('lists the passes that cover the product but are shown at the door, each title once', () => {
    const passes = [
      held('AT_DOOR', [10, 11], 'Year pass'),
      held('AT_DOOR', [10], 'Year pass'),
      held('AT_DOOR', [12], 'Zoo pass'),
      held('ONLINE', [10], 'Ten-visit card'),
    ];
    expect(passesShownAtTheDoor(passes, 10)).toEqual(['Year pass']);
    expect(passesShownAtTheDoor(passes, 13)).toEqual([]);
  });
});
