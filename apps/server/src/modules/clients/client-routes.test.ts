import type { Client } from '@kassa/domain/contract/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createClient,
  createOrganisation,
  createProduct,
  createSubscription,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

describe('client login and reads', () => {
  let t: TestApp;
  type LoggedInClient = Awaited<ReturnType<typeof createClient>>;
  let client: LoggedInClient;
  let other: LoggedInClient;
  let foreign: LoggedInClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const org = await createOrganisation(t.db, { timeZone: 'Europe/Amsterdam' });
    const otherOrg = await createOrganisation(t.db);
    const [diet, newsletter] = await t.db
      .insert(s.fields)
      .values([
        { organisationId: org.id, type: 'TEXT', name: { en: 'Diet', de: 'Ernährung' } },
        { organisationId: org.id, type: 'CHECKBOX', name: { en: 'Newsletter' } },
      ])
      .returning();
    client = await createClient(t.db, org.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      company: 'Engines Ltd',
      city: 'London',
      fields: { [String(diet!.id)]: 'vegan', [String(newsletter!.id)]: true, '999999': 'gone' },
    });
    other = await createClient(t.db, org.id);
    foreign = await createClient(t.db, otherOrg.id);

    const product = await createProduct(t.db, org.id);
    const pass = await createSubscription(t.db, org.id, {
      type: 'ONLINE',
      title: { en: 'Museum pass', de: 'Museumspass' },
      productIds: [product.id],
      redemptions: 12,
    });
    const [current, , later] = await t.db
      .insert(s.clientSubscriptions)
      .values([
        // 23:30 UTC is already the next day in Amsterdam.
        {
          clientId: client.id,
          subscriptionId: pass.id,
          token: 'sub-a',
          renewalHash: 'renew-a',
          availableRedemptions: 5,
          expiresAt: new Date('2026-12-31T23:30:00Z'),
        },
        {
          clientId: client.id,
          subscriptionId: pass.id,
          token: 'sub-expired',
          renewalHash: 'renew-b',
          expiresAt: new Date('2026-06-15T09:59:59Z'),
        },
        {
          clientId: client.id,
          subscriptionId: pass.id,
          token: 'sub-c',
          renewalHash: 'renew-c',
          availableRedemptions: -1,
          expiresAt: new Date('2027-03-01T12:00:00Z'),
        },
        {
          clientId: other.id,
          subscriptionId: pass.id,
          token: 'sub-other',
          renewalHash: 'renew-d',
          expiresAt: new Date('2027-01-01T00:00:00Z'),
        },
      ])
      .returning();
    const groups = await t.db
      .insert(s.clientGroups)
      .values([
        { organisationId: org.id, name: { en: 'Friends', de: 'Freunde' } },
        { organisationId: org.id, name: { en: 'Staff' } },
      ])
      .returning();
    await t.db.insert(s.clientGroupMembers).values({ clientId: client.id, groupId: groups[0]!.id });
    Object.assign(ids, {
      diet: diet!.id,
      newsletter: newsletter!.id,
      product: product.id,
      pass: pass.id,
      current: current!.id,
      later: later!.id,
      friends: groups[0]!.id,
    });
  });
  afterAll(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function expectProfile(body: Client) {
    expect(body).toMatchObject({
      id: client.id,
      name: { first: 'Ada', last: 'Lovelace' },
      email: 'ada@example.test',
      company: 'Engines Ltd',
      address: null,
      city: 'London',
      vat_id: null,
      token: client.token,
    });
    expect(body.fields).toEqual([
      { id: ids.diet, name: 'Diet', value: 'vegan', type: 'TEXT' },
      { id: ids.newsletter, name: 'Newsletter', value: true, type: 'CHECKBOX' },
    ]);
    expect(body.subscriptions).toEqual([
      {
        id: ids.current,
        token: 'sub-a',
        type: 'ONLINE',
        redeem: 'ONLINE',
        available_redemptions: 5,
        subscription: {
          id: ids.pass,
          title: 'Museum pass',
          products: [ids.product],
          redemptions: 12,
          expiration: { date: '2027-01-01' },
        },
      },
      expect.objectContaining({
        id: ids.later,
        available_redemptions: -1,
        subscription: expect.objectContaining({ expiration: { date: '2027-03-01' } }),
      }),
    ]);
  }

  it('answers the profile of the bearer session, with that session token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client', headers: bearer(client.token) });
    expect(response.statusCode).toBe(200);
    expectProfile(response.json());
  });

  it('says a physical pass is shown at the door and cannot pay online', async () => {
    const [org] = await t.db.select().from(s.organisations).limit(1);
    const yearPass = await createSubscription(t.db, org!.id, {
      type: 'PHYSICAL',
      title: { en: 'Year pass' },
      productIds: [ids.product!],
    });
    await t.db.insert(s.clientSubscriptions).values({
      clientId: other.id,
      subscriptionId: yearPass.id,
      token: 'sub-year',
      renewalHash: 'renew-year',
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/client', headers: bearer(other.token) });
    const body: Client = response.json();
    expect(body.subscriptions.map((held) => [held.subscription.title, held.redeem])).toEqual(
      expect.arrayContaining([
        ['Year pass', 'AT_DOOR'],
        ['Museum pass', 'ONLINE'],
      ]),
    );
  });

  it('answers every wrong login-link token alike with 401 CLIENT_NOT_FOUND', async () => {
    const bodies = [];
    // A session token is no login-link token either.
    for (const token of ['nope', foreign.token, client.token]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/client', payload: { token } });
      expect(response.statusCode).toBe(401);
      bodies.push(response.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ ok: false, error: { code: 'CLIENT_NOT_FOUND' } });
  });

  it('rejects a login without a token as invalid input', async () => {
    for (const payload of [{}, { token: '' }, { token: 42 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/client', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('reads the client of the bearer token, in the language asked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client?language=de',
      headers: bearer(client.token),
    });
    expect(response.statusCode).toBe(200);
    const body: Client = response.json();
    expect(body.id).toBe(client.id);
    expect(body.fields[0]?.name).toBe('Ernährung');
    expect(body.subscriptions[0]?.subscription.title).toBe('Museumspass');
  });

  it('answers 401 UNAUTHENTICATED without a valid bearer token', async () => {
    for (const headers of [
      {},
      bearer('nope'),
      bearer(foreign.token),
      { authorization: `Basic ${client.token}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/client', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it("answers a client's own groups", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${client.id}?language=de`,
      headers: bearer(client.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: ids.friends, name: 'Freunde' }]);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${other.id}`,
      headers: bearer(other.token),
    });
    expect(none.json()).toEqual([]);
  });

  it("refuses another client's groups with 403 FORBIDDEN and anonymous reads with 401", async () => {
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${client.id}`,
      headers: bearer(other.token),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/groups/${client.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(['abc', '0', '99999999999'])('answers 400 for the client id %s', async (id) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${id}`,
      headers: bearer(client.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});
