import { plotListSchema, type Plot } from '@kassa/domain/contract/plots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createAudience,
  createClient,
  createOrganisation,
  createPlot,
  createProduct,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { renderApi } from '../storefront/render-api.ts';
import { listPlotsOfProducts } from './list-plots-of-products.ts';

// 09:30 in Amsterdam on 10 March: the 10:00 slot of today is still on sale, the 09:00 one no longer.
const NOW = new Date('2026-03-10T08:30:00Z');
const TODAY = '2026-03-10';
const WINDOW = `filterFrom=${TODAY}&filterUntil=2026-05-09`;
const MINUTE = 60_000;

let t: TestApp;
let organisationId: number;
let holdCounter = 0;
let memberToken: string;
/** Every product made below, in an order the answer must keep. */
const productIds: number[] = [];

async function hold(plotId: number, quantity: number, status: s.HoldStatus, expiresAt: Date | null = null) {
  const [order] = await t.db
    .insert(s.orders)
    .values({
      organisationId,
      hash: `calendar-hold-${++holdCounter}`,
      kind: 'PRODUCT',
      customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
    })
    .returning();
  await t.db.insert(s.capacityHolds).values({ orderId: order!.id, plotId, quantity, status, expiresAt });
}

async function product(values: Partial<typeof s.products.$inferInsert> = {}) {
  const row = await createProduct(t.db, organisationId, { hasDays: true, ...values });
  productIds.push(row.id);
  return row;
}

const QUERY = `${WINDOW}&orderingCol=date&orderingDir=asc`;

async function routeAnswer(id: number, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/products/${id}/plots?${QUERY}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Each product's own plots answer, for the products it answers 200. */
async function perProductAnswers(ids: readonly number[], token?: string): Promise<Map<number, Plot[]>> {
  const answers = new Map<number, Plot[]>();
  for (const id of ids) {
    const response = await routeAnswer(id, token);
    if (response.statusCode === 404) continue;
    expect(response.statusCode, response.body).toBe(200);
    answers.set(id, plotListSchema.parse(response.json()));
  }
  return answers;
}

async function together(ids: readonly number[], viewerGroupIds: number[] = []) {
  const organisation = await loadOrganisation(t.db, t.config.organisation);
  const query = {
    filterFrom: TODAY,
    filterUntil: '2026-05-09',
    orderingCol: 'date',
    orderingDir: 'asc',
  } as const;
  return listPlotsOfProducts(t.db, { organisation, viewerGroupIds, productIds: ids, query, now: NOW });
}

let groupId: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  organisationId = (await createOrganisation(t.db, { timeZone: 'Europe/Amsterdam' })).id;

  // Time slots: sales of the 09:00 slot have ended, one sold out by paid and live holds, one closed,
  // one not selectable, one at its max orders (still shown), one with an expired hold only.
  const slots = await product({ hasTimeslots: true, priceCents: 1250, minQuantity: 2 });
  const slot = (date: string, start: string, values: Partial<typeof s.plots.$inferInsert> = {}) =>
    createPlot(t.db, slots.id, { date, startTime: start, endTime: `${start.slice(0, 2)}:45:00`, ...values });
  await slot(TODAY, '09:00:00');
  await slot(TODAY, '10:00:00');
  const full = await slot('2026-03-11', '10:00:00', { capacity: 4 });
  await hold(full.id, 3, 'PAID');
  await hold(full.id, 1, 'PENDING', new Date(NOW.getTime() + MINUTE));
  await slot('2026-03-11', '11:00:00', { closedReason: 'Storm', selectable: false });
  await slot('2026-03-12', '10:00:00', { selectable: false });
  const busy = await slot('2026-03-12', '11:00:00', { capacity: 100, maxOrders: 1 });
  await hold(busy.id, 2, 'PAID');
  const freed = await slot('2026-03-13', '10:00:00', { capacity: 2 });
  await hold(freed.id, 2, 'PENDING', new Date(NOW.getTime() - MINUTE));
  await slot('2026-03-13', '09:00:00', { priceKind: 'DAY', priceCents: 1500 });
  // Outside the window on both sides.
  await slot('2026-03-09', '10:00:00');
  await slot('2026-05-10', '10:00:00');

  // Audience prices, with a plot's own audience prices; unlimited capacity.
  const family = await product({ priceType: 'AUDIENCE', priceCents: 0, capacityType: 'NONE' });
  const adult = await createAudience(t.db, { productId: family.id, priceCents: 1500, sort: 1 });
  const child = await createAudience(t.db, {
    productId: family.id,
    priceCents: 700,
    sort: 0,
    dependant: true,
  });
  await createPlot(t.db, family.id, { date: TODAY, capacity: null });
  const weekend = await createPlot(t.db, family.id, { date: '2026-03-14' });
  await t.db.insert(s.plotAudiencePrices).values([
    { plotId: weekend.id, audienceId: adult.id, priceCents: 1800 },
    { plotId: weekend.id, audienceId: child.id, priceCents: 900 },
  ]);

  // A product whose sales end a day before: today's plot is no longer on sale.
  const early = await product({ salesEndMinutes: 24 * 60 });
  await createPlot(t.db, early.id, { date: TODAY });
  await createPlot(t.db, early.id, { date: '2026-03-20' });

  // No days: its one open plot has no date, the calendar shows nothing of it.
  const flex = await product({ hasDays: false });
  await createPlot(t.db, flex.id, { date: null });

  // Not offered to an anonymous visitor: a draft, and a group-only product for one client's group.
  const draft = await product({ state: 'DRAFT' });
  await createPlot(t.db, draft.id, { date: TODAY });
  const [group] = await t.db.insert(s.clientGroups).values({ organisationId }).returning();
  const member = await createClient(t.db, organisationId);
  await t.db.insert(s.clientGroupMembers).values({ clientId: member.id, groupId: group!.id });
  memberToken = member.token;
  groupId = group!.id;
  const members = await product({ groupIds: [group!.id] });
  await createPlot(t.db, members.id, { date: '2026-03-15' });

  // Another organisation's product, and an unknown id.
  const other = await createOrganisation(t.db);
  const foreign = await createProduct(t.db, other.id, { hasDays: true });
  await createPlot(t.db, foreign.id, { date: TODAY });
  productIds.push(foreign.id, 999_999_999);
});
afterAll(() => t.close());

describe('listPlotsOfProducts (decision 0285)', () => {
  it('answers each product exactly as its own plots answer, from one plots query', async () => {
    const answers = await together(productIds);
    expect(answers).toEqual(await perProductAnswers(productIds));
    // The cases above are there: the draft, the group-only, the other shop's and the unknown product are absent.
    expect([...answers.values()].map((plots) => plots.length)).toEqual([8, 2, 2, 1]);
    expect(
      answers.get(productIds[0]!)!.filter((plot) => plot.selectable && plot.availability.amount !== 0),
    ).toHaveLength(4);
  });

  it('serves a group-only product to a client of that group, as the route does', async () => {
    const answers = await together(productIds, [groupId]);
    expect(answers).toEqual(await perProductAnswers(productIds, memberToken));
    expect(answers.size).toBe(5);
  });
});

describe("a page render's plots calls (renderApi, decision 0285)", () => {
  it('answers the calls it gathers as the route does, 404s included', async () => {
    const api = renderApi(t.app, { db: t.db, config: t.config, now: () => NOW }, undefined);
    const responses = await Promise.all(
      productIds.map((id) => api(`/api/products/${id}/plots?${QUERY}`, { headers: {} })),
    );
    for (const [index, id] of productIds.entries()) {
      const own = await routeAnswer(id);
      expect(responses[index]!.status, String(id)).toBe(own.statusCode);
      expect(await responses[index]!.json()).toEqual(own.json());
    }
  });

  it('sends a call with a selection or a bad window to the route', async () => {
    const api = renderApi(t.app, { db: t.db, config: t.config, now: () => NOW }, undefined);
    const [chosen, , bad] = await Promise.all([
      api(`/api/products/${productIds[0]}/plots?${QUERY}&order[quantity]=3`, { headers: {} }),
      api(`/api/products/${productIds[1]}/plots?${QUERY}&order[quantity]=3`, { headers: {} }),
      api(`/api/products/${productIds[0]}/plots?filterFrom=2026-02-30&filterUntil=2026-03-11`, {
        headers: {},
      }),
      api(`/api/products/${productIds[1]}/plots?filterFrom=2026-02-30&filterUntil=2026-03-11`, {
        headers: {},
      }),
    ]);
    expect(((await chosen!.json()) as Plot[])[1]!.lowestTotalPrice).toBe(37.5);
    expect(bad!.status).toBe(400);
  });
});
