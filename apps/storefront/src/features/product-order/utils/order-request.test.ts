import { describe, expect, it } from 'vitest';
import type { CartOrder } from '@/lib/cart-store';
import { orderRequest } from './order-request';

const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', fields: {} };
const plain: CartOrder = {
  product: { id: 3, plot: 11, quantity: 2 },
  audiences: [],
  upsells: [
    { id: 5, quantity: 1, price: 4.5 },
    { id: 6, quantity: 0, price: 0 },
  ],
};
const withAudiences: CartOrder = {
  product: { id: 4, plot: 12, quantity: 0 },
  audiences: [
    { id: 1, quantity: 2 },
    { id: 2, quantity: 0 },
  ],
  upsells: [],
  subscription: 'tok-1',
};

describe('orderRequest', () => {
  it('sends every item with upsells and audiences keyed by id, dropping zero lines', () => {
    const body = orderRequest({
      action: 'pay',
      items: [plain, withAudiences],
      customer,
      fields: {},
      coupons: [],
      language: 'nl',
    });
    expect(body.orders).toEqual([
      {
        product: { id: 3, plot: 11, quantity: 2 },
        upsells: { '5': { id: 5, quantity: 1, price: 4.5 } },
        audiences: {},
        subscription: null,
        language: 'nl',
      },
      {
        product: { id: 4, plot: 12 },
        upsells: {},
        audiences: { '1': { id: 1, quantity: 2 } },
        subscription: 'tok-1',
        language: 'nl',
      },
    ]);
    expect(body.simulate).toBeUndefined();
    expect(body.captcha).toBeUndefined();
  });

  it('uppercases and dedupes the coupon codes case-insensitively', () => {
    const body = orderRequest({
      action: 'reserve',
      items: [plain],
      customer,
      fields: {},
      coupons: ['welcome10', 'WELCOME10', ' fiveoff '],
      language: 'en',
    });
    expect(body.coupon).toEqual(['WELCOME10', 'FIVEOFF']);
    expect(body.action).toBe('reserve');
  });

  it('marks a simulation on the request and on every item, and carries the captcha token', () => {
    const body = orderRequest({
      action: 'pay',
      items: [plain, withAudiences],
      customer,
      fields: {},
      coupons: [],
      language: 'en',
      simulate: true,
      captcha: 'solved-token',
    });
    expect(body.simulate).toBe(true);
    expect(body.orders.every((item) => item.simulate === true)).toBe(true);
    expect(body.captcha).toBe('solved-token');
  });

  it("sends the visit's enrichment with every item of a real order, not with a simulation", () => {
    const enrichment = { utm_source: 'newsletter', landing_page: '/?utm_source=newsletter' };
    const input = {
      action: 'pay' as const,
      items: [plain, withAudiences],
      customer,
      fields: {},
      coupons: [],
      language: 'en',
      enrichment,
    };
    expect(orderRequest(input).orders.map((item) => item.enrichment)).toEqual([enrichment, enrichment]);
    expect(orderRequest({ ...input, simulate: true }).orders.every((item) => !('enrichment' in item))).toBe(
      true,
    );
  });
});
