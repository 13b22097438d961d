import type { SubscriptionDetail, Upsell } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createAudience,
  createOrganisation,
  createProduct,
  createSubscription,
  createUpsell,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('GET /api/subscriptions/{id} and /api/subscriptions/{id}/upsells', () => {
  let t: TestApp;
  let organisationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    organisationId = (await createOrganisation(t.db)).id;
  });
  afterAll(() => t.close());

  it('answers the detail with audiences, product ids, redemptions and validity', async () => {
    const product = await createProduct(t.db, organisationId);
    const subscription = await createSubscription(t.db, organisationId, {
      title: { en: 'Season pass', es: 'Pase de temporada' },
      label: { en: 'Popular' },
      priceCents: 12500,
      productIds: [product.id],
      redemptions: 10,
      validityDays: 180,
    });
    const adult = await createAudience(t.db, { subscriptionId: subscription.id, priceCents: 6000 });
    await createAudience(t.db, { productId: product.id });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${subscription.id}?language=es`,
    });
    expect(response.statusCode).toBe(200);
    const detail: SubscriptionDetail = response.json();
    expect(detail).toMatchObject({
      id: subscription.id,
      full: true,
      title: 'Pase de temporada',
      label: 'Popular',
      type: 'PHYSICAL',
      price: 125,
      products: [product.id],
      redemptions: 10,
      validity_days: 180,
    });
    expect(detail.audiences.map((a) => [a.id, a.price])).toEqual([[adult.id, 60]]);
  });

  it('lists its upsells only', async () => {
    const subscription = await createSubscription(t.db, organisationId);
    const mine = await createUpsell(t.db, organisationId, { priceCents: 300 });
    const productUpsell = await createUpsell(t.db, organisationId);
    const product = await createProduct(t.db, organisationId);
    await t.db.insert(s.subscriptionUpsells).values({ subscriptionId: subscription.id, upsellId: mine.id });
    await t.db.insert(s.productUpsells).values({ productId: product.id, upsellId: productUpsell.id });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${subscription.id}/upsells`,
    });
    expect(response.statusCode).toBe(200);
    const upsells: Upsell[] = response.json();
    expect(upsells.map((u) => [u.id, u.price])).toEqual([[mine.id, 3]]);
  });

  it('answers 404 SUBSCRIPTION_NOT_FOUND for a hidden or unknown subscription', async () => {
    const draft = await createSubscription(t.db, organisationId, { state: 'DRAFT' });
    for (const url of [
      `/api/subscriptions/${draft.id}`,
      `/api/subscriptions/${draft.id}/upsells`,
      '/api/subscriptions/999999',
      '/api/subscriptions/999999/upsells',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('SUBSCRIPTION_NOT_FOUND');
    }
  });
});
