import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import { describe, expect, it } from 'vitest';
import { orderLines, passwordProblem, subscriptionRequest, subscriptionTotals } from './subscription-order';

const yearPass = {
  id: 7,
  slug: 'year-pass',
  title: 'Year pass',
  description: '',
  image: null,
  label: null,
  state: 'PUBLISHED',
  visible: true,
  category: null,
  sort: 0,
  full: true,
  type: 'PHYSICAL',
  price: 59,
  audiences: [
    { id: 1, name: 'Adult', description: '', price: 59, group: null, min_quantity: 0, dependant: false },
    { id: 2, name: 'Child', description: '', price: 29, group: null, min_quantity: 0, dependant: false },
  ],
  products: [],
  redemptions: -1,
  validity_days: 365,
} as unknown as SubscriptionDetail;
const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} };
const coupon = (value: number) =>
  ({
    type: 'COUPON',
    data: { type: 'AMOUNT', value, max_ticket_amount: null, code: 'TEN' },
  }) as unknown as CouponResult;

describe('subscription order rules', () => {
  it('prices audiences and upsells; the coupon is capped at the subtotal and additions need a total above 0', () => {
    const lines = orderLines(yearPass, { audiences: { 1: 2, 2: 1 }, upsells: [] }, [], null);
    expect(lines.bought.map((line) => [line.label, line.quantity, line.amountCents])).toEqual([
      ['Adult', 2, 11_800],
      ['Child', 1, 2900],
    ]);
    const additions = [
      { amount: 1.5, type: 0 },
      { amount: 9.99, type: 1 },
    ];
    expect(subscriptionTotals(lines, [coupon(10)], additions)).toMatchObject({
      subtotalCents: 14_700,
      discountCents: 1000,
      additionsCents: 150,
      totalCents: 13_850,
    });
    expect(subscriptionTotals(lines, [coupon(1000)], additions)).toMatchObject({
      discountCents: 14_700,
      additionsCents: 0,
      totalCents: 0,
    });
  });

  it('a renewal prices its passes, and sends them instead of audiences', () => {
    const renewal = {
      hash: 'r',
      subscriptionId: 7,
      expiration: '2026-12-31',
      passes: [{ id: 5, audience: 2 }],
    };
    const lines = orderLines(yearPass, { audiences: { 1: 3 }, upsells: [] }, [], renewal);
    expect(lines.bought).toEqual([{ label: 'Child', quantity: 1, amountCents: 2900 }]);
    const body = subscriptionRequest({
      subscription: yearPass,
      order: { audiences: { 1: 3 }, upsells: [] },
      customer,
      password: null,
      coupons: [],
      renewal,
      language: 'en',
      simulate: false,
    });
    expect(body).toMatchObject({ audiences: {}, renewal: 'r', passes: [5], subscription: { id: 7 } });
    expect(body.customer).not.toHaveProperty('password');
  });

  it("sends the visit's enrichment with a real order, not with a simulation", () => {
    const enrichment = { utm_source: 'newsletter', referrer: 'https://blog.example/' };
    const input = {
      subscription: yearPass,
      order: { audiences: { 1: 1 }, upsells: [] },
      customer,
      password: 'secret-enough',
      coupons: [],
      renewal: null,
      language: 'en',
      simulate: false,
      enrichment,
    };
    expect(subscriptionRequest(input).enrichment).toEqual(enrichment);
    expect(subscriptionRequest({ ...input, simulate: true })).not.toHaveProperty('enrichment');
  });

  it('asks at least 6 characters and a matching confirmation (docs/storefront.md §5.2)', () => {
    expect(passwordProblem({ password: '12345', confirm: '12345' })).toBe('too_short');
    expect(passwordProblem({ password: '123456', confirm: '123457' })).toBe('mismatch');
    expect(passwordProblem({ password: '123456', confirm: '123456' })).toBeNull();
  });
});
