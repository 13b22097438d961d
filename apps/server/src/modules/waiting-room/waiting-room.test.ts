import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RushSettings } from '@kassa/domain/rules/rush';
import { organisations, rushEntries, rushQueues } from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { createWaitingRoom } from './waiting-room.ts';

const rush = (values: Partial<RushSettings> = {}): RushSettings => ({
  opensAt: '2026-06-01T12:00:00+02:00',
  preQueueMinutes: 15,
  admitPerMinute: 2,
  passMinutes: 10,
  endsAt: '2026-06-01T14:00:00+02:00',
  ...values,
});

describe('rush mode: the waiting room (decisions 0265–0267)', () => {
  let test: TestApp;
  let show: Show;
  let organisationId: number;
  let clock = new Date('2026-06-01T09:40:00Z');
  const at = (iso: string) => {
    clock = new Date(iso);
  };

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    const organisation = await createOrganisation(test.db, { name: 'Rush Hall', holdMinutes: 30 });
    organisationId = organisation.id;
    show = await datedShow(test.db, organisationId, 6, { rush: rush() });
  });
  afterAll(() => test?.close());

  const join = (productId = show.product.id) =>
    test.app.inject({ method: 'POST', url: '/api/waiting-room/join', payload: { productId } });
  const status = async (token: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/waiting-room/status?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().response.status;
  };
  const order = (target: Show, rushPass: string | undefined, adults = 1) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer,
        ...(rushPass ? { rushPass } : {}),
        orders: [
          {
            product: { id: target.product.id, plot: target.plot.id },
            audiences: { [target.adult.id]: { id: target.adult.id, quantity: adults } },
          },
        ],
      },
    });
  const tokens: string[] = [];

  it('answers whether a product is in rush mode, and takes nobody before the pre-queue opens', async () => {
    const shown = await test.app.inject({ method: 'GET', url: `/api/products/${show.product.id}/rush` });
    expect(shown.json().response.rush).toEqual({
      productId: show.product.id,
      active: true,
      opensAt: '2026-06-01T12:00:00+02:00',
      endsAt: '2026-06-01T14:00:00+02:00',
    });
    // The product's page data says a rush is set, so only such a page asks the question above.
    const detail = await test.app.inject({ method: 'GET', url: `/api/products/${show.product.id}` });
    expect(detail.json().rush).toBe(true);
    const early = await join();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('RUSH_NOT_OPEN_YET');
    // The opening is the on-sale moment: no order without a pass before it either.
    const refused = await order(show, undefined);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('RUSH_PASS_REQUIRED');
  });

  it('puts the pre-queue in a random order at the opening and later visitors behind it, first come first served', async () => {
    at('2026-06-01T09:50:00Z');
    for (let i = 0; i < 5; i += 1) {
      const response = await join();
      expect(response.statusCode).toBe(200);
      const { token, status: first } = response.json().response;
      expect(first.state).toBe('PRE_QUEUE');
      expect(first.position).toBeNull();
      tokens.push(token);
    }
    at('2026-06-01T10:00:00Z');
    const late = await join();
    tokens.push(late.json().response.token);
    expect(late.json().response.status).toMatchObject({ state: 'WAITING', position: 6, estimateMinutes: 3 });
    at('2026-06-01T10:00:05Z');
    const latest = await join();
    tokens.push(latest.json().response.token);
    expect(latest.json().response.status.position).toBe(7);

    const entries = await test.db.select().from(rushEntries).orderBy(asc(rushEntries.id));
    const preQueue = entries.filter((entry) => entry.preQueue);
    // The draw: ranks 1–5 follow the random draw keys, not the order of arrival.
    const byDraw = [...preQueue].sort((a, b) => (a.drawKey < b.drawKey ? -1 : 1));
    expect(byDraw.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(entries.filter((entry) => !entry.preQueue).map((entry) => entry.rank)).toEqual([6, 7]);
    // Every pre-queue visitor now sees their drawn place.
    for (const [index, token] of tokens.slice(0, 5).entries()) {
      expect((await status(token)).position).toBe(preQueue[index]!.rank);
    }
  });

  it('admits at the set rate and hands the admitted a pass; no order without one', async () => {
    at('2026-06-01T10:01:00Z');
    const states = await Promise.all(tokens.map(status));
    const admitted = states.filter((s) => s.state === 'ADMITTED');
    expect(admitted).toHaveLength(2);
    for (const s of admitted) {
      expect(s.pass).toEqual(expect.any(String));
      expect(s.passExpiresAt).toBe('2026-06-01T10:11:00.000Z');
    }
    const waiting = states
      .filter((s) => s.state === 'WAITING')
      .map((s) => s.position)
      .sort();
    expect(waiting).toEqual([1, 2, 3, 4, 5]);
    expect(states.find((s) => s.position === 5)?.estimateMinutes).toBe(3);

    expect((await order(show, undefined)).json().error.code).toBe('RUSH_PASS_REQUIRED');
    const forged = `${admitted[0]!.pass.split('.')[0]}.AAAA`;
    expect((await order(show, forged)).json().error.code).toBe('RUSH_PASS_REQUIRED');
  });

  it('lets one pass make one order, and refuses a pass whose time ran out', async () => {
    const states = await Promise.all(tokens.map(status));
    const [first, second] = states.filter((s) => s.state === 'ADMITTED');
    const placed = await order(show, first.pass);
    expect(placed.statusCode).toBe(200);
    await pressTestPage(test.app, placed.json().response.orders[0].payment.hash, 'pay');
    const again = await order(show, first.pass);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RUSH_PASS_USED');
    expect(states.filter((s) => s.state === 'ADMITTED').length).toBe(2);
    const used = await Promise.all(tokens.map(status));
    expect(used.filter((s) => s.state === 'USED')).toHaveLength(1);

    at('2026-06-01T10:11:00Z');
    const late = await order(show, second.pass);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('RUSH_PASS_EXPIRED');
    // Nothing of the refused orders was written: one order holds seats.
    const held = await test.db.select().from(rushEntries).where(eq(rushEntries.status, 'USED'));
    expect(held).toHaveLength(1);
  });

  it('turns itself off when the product sells out: orders then need no pass', async () => {
    // By 10:11 everyone queued is admitted (2 a minute); the pass of each buys a seat till none are left.
    const states = await Promise.all(tokens.map(status));
    expect(states.filter((s) => s.state === 'WAITING')).toHaveLength(0);
    const fresh = states.filter((s) => s.state === 'ADMITTED');
    expect(fresh.length).toBeGreaterThan(0);
    // 6 seats: 1 sold; one order of 5 holds the rest, unpaid: places may still come back, the rush goes on.
    const last = await order(show, fresh[0]!.pass, 5);
    expect(last.statusCode).toBe(200);
    at('2026-06-01T10:11:01Z');
    await status(tokens[6]!);
    const [running] = await test.db
      .select()
      .from(rushQueues)
      .where(eq(rushQueues.productId, show.product.id));
    expect(running!.endedReason).toBeNull();
    // Paid: sold out for good.
    await pressTestPage(test.app, last.json().response.orders[0].payment.hash, 'pay');
    at('2026-06-01T10:11:02Z');
    const after = await status(tokens[6]!);
    expect(['OVER', 'ADMITTED', 'USED']).toContain(after.state);
    const [queue] = await test.db.select().from(rushQueues).where(eq(rushQueues.productId, show.product.id));
    expect(queue!.endedReason).toBe('SOLD_OUT');
    const shown = await test.app.inject({ method: 'GET', url: `/api/products/${show.product.id}/rush` });
    expect(shown.json().response.rush.active).toBe(false);
    expect((await order(show, undefined)).json().error.code).toBe('NOT_ENOUGH_CAPACITY');
    expect((await join()).json().error.code).toBe('RUSH_OVER');
  });

  it('turns itself off at the end time, and a shop-wide rush gates every product', async () => {
    const ending = await datedShow(test.db, organisationId, 10, {
      rush: rush({ opensAt: '2026-06-01T10:00:00Z', endsAt: '2026-06-01T10:30:00Z', admitPerMinute: null }),
    });
    expect((await order(ending, undefined)).json().error.code).toBe('RUSH_PASS_REQUIRED');
    // As capacity frees: as many admitted at once as there are free places not promised.
    const joined = await join(ending.product.id);
    expect(joined.json().response.status.state).toBe('ADMITTED');
    at('2026-06-01T10:30:00Z');
    // Its 10 minutes passed unused.
    expect((await status(joined.json().response.token)).state).toBe('EXPIRED');
    expect((await order(ending, undefined)).statusCode).toBe(200);
    const shown = await test.app.inject({ method: 'GET', url: `/api/products/${ending.product.id}/rush` });
    expect(shown.json().response.rush.active).toBe(false);
    // Its rush over, its page asks nothing.
    const detail = await test.app.inject({ method: 'GET', url: `/api/products/${ending.product.id}` });
    expect(detail.json().rush).toBe(false);

    // The whole shop: a product without a rush of its own queues in the shop's.
    const plain = await datedShow(test.db, organisationId, 10);
    expect((await order(plain, undefined)).statusCode).toBe(200);
    await test.db
      .update(organisations)
      .set({ rush: rush({ opensAt: '2026-06-01T10:30:00Z', endsAt: '2026-06-01T11:00:00Z' }) })
      .where(eq(organisations.id, organisationId));
    expect((await order(plain, undefined)).json().error.code).toBe('RUSH_PASS_REQUIRED');
    const queued = await join(plain.product.id);
    expect(queued.json().response.status.state).toBe('WAITING');
    at('2026-06-01T10:31:00Z');
    const admitted = await status(queued.json().response.token);
    expect(admitted.state).toBe('ADMITTED');
    expect((await order(plain, admitted.pass)).statusCode).toBe(200);
    await test.db.update(organisations).set({ rush: null }).where(eq(organisations.id, organisationId));
  });

  it('answers polls from the snapshot: one refresh a second per instance, whatever the number of polls', async () => {
    const product = await datedShow(test.db, organisationId, 100, {
      rush: rush({ opensAt: '2026-06-01T10:40:00Z', endsAt: '2026-06-01T11:30:00Z' }),
    });
    at('2026-06-01T10:41:00Z');
    let ms = 0;
    const room = createWaitingRoom(test.db, { now: () => clock, clock: () => ms, refreshMs: 1000 });
    const visitors = [];
    for (let i = 0; i < 5; i += 1) visitors.push(await room.join(organisationId, product.product.id));
    const before = room.refreshes();
    const entries = await test.db.select().from(rushEntries);
    for (let i = 0; i < 200; i += 1) await room.status(organisationId, visitors[4]!.token);
    expect(room.refreshes() - before).toBeLessThanOrEqual(1);
    // No write: the entries are as they were.
    expect(await test.db.select().from(rushEntries)).toEqual(entries);
    ms += 1000;
    await room.status(organisationId, visitors[4]!.token);
    expect(room.refreshes() - before).toBeLessThanOrEqual(2);
    await expect(room.status(organisationId, 'not.a-token')).rejects.toThrow(/not valid/);
  });
});
