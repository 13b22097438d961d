import type { Category, HomeProducts } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createCategory,
  createClient,
  createOrganisation,
  createProduct,
  createSubscription,
  createVoucher,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('group-specific offers', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let memberToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganisation(t.db);
    const [members, others] = await t.db
      .insert(s.clientGroups)
      .values([
        { organisationId: org.id, name: { en: 'Members' } },
        { organisationId: org.id, name: { en: 'Others' } },
      ])
      .returning();
    const member = await createClient(t.db, org.id);
    const outsider = await createClient(t.db, org.id);
    await t.db.insert(s.clientGroupMembers).values({ clientId: member.id, groupId: members!.id });
    memberToken = member.token;
    outsiderToken = outsider.token;

    const category = await createCategory(t.db, org.id);
    const everyone = await createProduct(t.db, org.id, { categoryId: category.id });
    const forMembers = await createProduct(t.db, org.id, {
      categoryId: category.id,
      groupIds: [members!.id],
    });
    const forOthers = await createProduct(t.db, org.id, { categoryId: category.id, groupIds: [others!.id] });
    const subscription = await createSubscription(t.db, org.id, {
      categoryId: category.id,
      groupIds: [members!.id],
    });
    const voucher = await createVoucher(t.db, org.id, {
      categoryId: category.id,
      groupIds: [others!.id, members!.id],
    });
    await t.db.insert(s.productCrossSells).values({ productId: everyone.id, crossProductId: forMembers.id });
    Object.assign(ids, {
      category: category.id,
      everyone: everyone.id,
      forMembers: forMembers.id,
      forOthers: forOthers.id,
      subscription: subscription.id,
      voucher: voucher.id,
    });
  });
  afterAll(() => t.close());

  const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  async function home(token?: string): Promise<HomeProducts> {
    return (await t.app.inject({ method: 'GET', url: '/api/home/products', headers: as(token) })).json();
  }

  it('shows group items only to clients in one of their groups on the home list', async () => {
    const member = await home(memberToken);
    expect(member.products.map((p) => p.id)).toEqual([ids.everyone, ids.forMembers]);
    expect(member.subscriptions.map((x) => x.id)).toEqual([ids.subscription]);
    expect(member.vouchers.map((x) => x.id)).toEqual([ids.voucher]);

    for (const visitor of [await home(), await home(outsiderToken), await home('not-a-token')]) {
      expect(visitor.products.map((p) => p.id)).toEqual([ids.everyone]);
      expect(visitor.subscriptions).toEqual([]);
      expect(visitor.vouchers).toEqual([]);
    }
  });

  it("filters a category's id lists by the viewer's groups", async () => {
    const get = async (token?: string): Promise<Category> =>
      (
        await t.app.inject({ method: 'GET', url: `/api/categories/${ids.category}`, headers: as(token) })
      ).json();
    expect(await get(memberToken)).toMatchObject({
      products: [ids.everyone, ids.forMembers],
      subscriptions: [ids.subscription],
      vouchers: [ids.voucher],
    });
    expect(await get()).toMatchObject({ products: [ids.everyone], subscriptions: [], vouchers: [] });
  });

  it('answers 404 on detail routes unless the viewer is in a group of the item', async () => {
    const cases = [
      [`/api/products/${ids.forMembers}`, 'PRODUCT_NOT_FOUND'],
      [`/api/products/${ids.forMembers}/upsells`, 'PRODUCT_NOT_FOUND'],
      [`/api/subscriptions/${ids.subscription}`, 'SUBSCRIPTION_NOT_FOUND'],
      [`/api/subscriptions/${ids.subscription}/upsells`, 'SUBSCRIPTION_NOT_FOUND'],
      [`/api/vouchers/${ids.voucher}`, 'VOUCHER_NOT_FOUND'],
    ] as const;
    for (const [url, code] of cases) {
      const member = await t.app.inject({ method: 'GET', url, headers: as(memberToken) });
      expect(member.statusCode, url).toBe(200);
      for (const token of [undefined, outsiderToken]) {
        const response = await t.app.inject({ method: 'GET', url, headers: as(token) });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe(code);
      }
    }
    const forOthers = await t.app.inject({
      method: 'GET',
      url: `/api/products/${ids.forOthers}`,
      headers: as(memberToken),
    });
    expect(forOthers.statusCode).toBe(404);
  });

  it('offers a group-only cross-sell only to the group', async () => {
    const crossSells = async (token?: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${ids.everyone}`, headers: as(token) })).json()
        .cross_sells as { id: number }[];
    expect((await crossSells(memberToken)).map((c) => c.id)).toEqual([ids.forMembers]);
    expect(await crossSells()).toEqual([]);
  });
});
