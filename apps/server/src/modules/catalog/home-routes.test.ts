import type { HomeProducts } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAudience,
  createCategory,
  createOrganisation,
  createProduct,
  createSubscription,
  createVoucher,
  createVoucherValue,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('GET /api/home/products', () => {
  let t: TestApp;
  let home: HomeProducts;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganisation(t.db, { defaultLanguage: 'nl' });
    const category = await createCategory(t.db, org.id);
    const second = await createProduct(t.db, org.id, {
      sort: 2,
      categoryId: category.id,
      title: { en: 'Boat tour', nl: 'Rondvaart', de: 'Bootsfahrt' },
      label: { en: 'New' },
      priceType: 'AUDIENCE',
      priceCents: 1250,
      hasDays: true,
      hasTimeslots: true,
    });
    await createAudience(t.db, { productId: second.id });
    const first = await createProduct(t.db, org.id, { sort: 1, state: 'INVISIBLE', visible: false });
    await createProduct(t.db, org.id, { sort: 0, state: 'DRAFT' });
    await createProduct(t.db, org.id, { sort: 0, state: 'ARCHIVED' });
    const subscription = await createSubscription(t.db, org.id, { type: 'ONLINE', priceCents: 4999 });
    await createSubscription(t.db, org.id, { state: 'DRAFT' });
    const voucher = await createVoucher(t.db, org.id);
    await createVoucherValue(t.db, voucher.id, { priceCents: 5000, creditCents: 5000 });
    await createVoucherValue(t.db, voucher.id, { priceCents: 1500, creditCents: 1500 });
    const emptyVoucher = await createVoucher(t.db, org.id, { sort: 5 });
    Object.assign(ids, {
      first: first.id,
      second: second.id,
      subscription: subscription.id,
      voucher: voucher.id,
      emptyVoucher: emptyVoucher.id,
      category: category.id,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/home/products?language=en' });
    expect(response.statusCode).toBe(200);
    home = response.json();
  });
  afterAll(() => t.close());

  it('serves PUBLISHED and INVISIBLE items only, sorted by sort then id', () => {
    expect(home.products.map((p) => p.id)).toEqual([ids.first, ids.second]);
    expect(home.subscriptions.map((s) => s.id)).toEqual([ids.subscription]);
    expect(home.vouchers.map((v) => v.id)).toEqual([ids.voucher, ids.emptyVoucher]);
  });

  it('maps a product to its summary with decimal price, types, options and category', () => {
    const product = home.products.find((p) => p.id === ids.second);
    expect(product).toMatchObject({
      full: false,
      title: 'Boat tour',
      label: 'New',
      price: 12.5,
      category: ids.category,
      state: 'PUBLISHED',
      types: { price: 'AUDIENCE', capacity: 'PLOT' },
      options: { days: true, timeslots: true, audiences: true },
      settings: { show_end_time: false, show_availability: false },
      allow_reservations: false,
    });
    expect(home.products.find((p) => p.id === ids.first)).toMatchObject({
      state: 'INVISIBLE',
      visible: false,
      label: null,
      category: null,
      options: { audiences: false },
    });
  });

  it('prices a voucher from its cheapest value, and 0 without values', () => {
    expect(home.vouchers.map((v) => v.price)).toEqual([15, 0]);
    expect(home.subscriptions[0]).toMatchObject({ type: 'ONLINE', price: 49.99, full: false });
  });

  it('answers in the language asked, ksh as de, else the organisation default', async () => {
    const title = async (query: string, headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/home/products${query}`, headers });
      const body: HomeProducts = response.json();
      return body.products.find((p) => p.id === ids.second)?.title;
    };
    expect(await title('?language=ksh')).toBe('Bootsfahrt');
    expect(await title('', { 'accept-language': 'de-AT,de;q=0.9' })).toBe('Bootsfahrt');
    expect(await title('?language=fr')).toBe('Rondvaart');
    expect(await title('')).toBe('Rondvaart');
    // Only en exists for the label: any language falls back to a text that exists.
    const response = await t.app.inject({ method: 'GET', url: '/api/home/products?language=nl' });
    expect(response.json().products.find((p: { id: number }) => p.id === ids.second).label).toBe('New');
  });
});
