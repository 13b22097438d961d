import type { Category } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createOrganisation,
  createProduct,
  createSubscription,
  createVoucher,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('GET /api/categories and /api/categories/{id}', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganisation(t.db);
    const other = await createOrganisation(t.db);
    const parent = await createCategory(t.db, org.id, {
      sort: 1,
      title: { en: 'Tours', de: 'Touren' },
      description: { en: 'All tours' },
    });
    const invisible = await createCategory(t.db, org.id, { sort: 0, state: 'INVISIBLE' });
    const childB = await createCategory(t.db, org.id, { parentId: parent.id, sort: 5 });
    const childA = await createCategory(t.db, org.id, { parentId: parent.id, sort: 3 });
    const draftChild = await createCategory(t.db, org.id, { parentId: parent.id, state: 'DRAFT' });
    const archived = await createCategory(t.db, org.id, { state: 'ARCHIVED' });
    const foreign = await createCategory(t.db, other.id);

    const late = await createProduct(t.db, org.id, { categoryId: parent.id, sort: 9 });
    const early = await createProduct(t.db, org.id, { categoryId: parent.id, sort: 1 });
    await createProduct(t.db, org.id, { categoryId: parent.id, state: 'DRAFT' });
    await createProduct(t.db, org.id, { categoryId: childA.id });
    await createProduct(t.db, org.id);
    const subscription = await createSubscription(t.db, org.id, { categoryId: parent.id });
    await createSubscription(t.db, org.id, { categoryId: parent.id, state: 'ARCHIVED' });
    const voucher = await createVoucher(t.db, org.id, { categoryId: parent.id, state: 'INVISIBLE' });
    Object.assign(ids, {
      parent: parent.id,
      invisible: invisible.id,
      childA: childA.id,
      childB: childB.id,
      draftChild: draftChild.id,
      archived: archived.id,
      foreign: foreign.id,
      late: late.id,
      early: early.id,
      subscription: subscription.id,
      voucher: voucher.id,
    });
  });
  afterAll(() => t.close());

  it('lists displayable categories only, sorted by sort then id, with displayable child ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const list: Category[] = response.json();
    expect(list.map((c) => c.id)).toEqual([ids.invisible, ids.parent, ids.childA, ids.childB]);
    const parent = list.find((c) => c.id === ids.parent);
    expect(parent).toEqual({
      id: ids.parent,
      slug: expect.any(String),
      title: 'Tours',
      description: 'All tours',
      image: null,
      parent: null,
      children: [ids.childA, ids.childB],
      state: 'PUBLISHED',
      sort: 1,
      full: false,
    });
    expect(list.find((c) => c.id === ids.childA)).toMatchObject({ parent: ids.parent, children: [] });
  });

  it('answers a category with the ids of its displayable products, subscriptions and vouchers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/categories/${ids.parent}?language=de` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.parent,
      title: 'Touren',
      full: true,
      children: [ids.childA, ids.childB],
      products: [ids.early, ids.late],
      subscriptions: [ids.subscription],
      vouchers: [ids.voucher],
    });
  });

  it('serves an INVISIBLE category', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/categories/${ids.invisible}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'INVISIBLE',
      products: [],
      subscriptions: [],
      vouchers: [],
    });
  });

  it.each([
    ['a DRAFT category', 'draftChild'],
    ['an ARCHIVED category', 'archived'],
    ["another organisation's category", 'foreign'],
  ])('answers 404 CATEGORY_NOT_FOUND for %s', async (_name, key) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/categories/${ids[key]}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'CATEGORY_NOT_FOUND' } });
  });
});
