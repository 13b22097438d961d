import type { Organisation } from '@kassa/domain/contract/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createCategory, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

async function getOrganisation(t: TestApp, query = ''): Promise<Organisation> {
  const response = await t.app.inject({ method: 'GET', url: `/api/organisation${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/organisation', () => {
  let t: TestApp;
  let organisationId: number;
  const fieldIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganisation(t.db, {
      name: 'Harbour Tours',
      defaultLanguage: 'nl',
      themeColour: 'ff6600',
      allowShoppingCart: false,
      allowBusiness: true,
      captchaEnabled: true,
      timeZone: 'Europe/Berlin',
      heroTitle: { en: 'Sail the harbour', nl: 'Vaar door de haven' },
      heroText: { nl: 'Rondvaarten elk uur' },
      heroImage: '/media/hero-museum.svg',
      logo: '/media/logo.svg',
    });
    organisationId = org.id;
    const rows = await t.db
      .insert(s.fields)
      .values([
        {
          organisationId,
          type: 'DROPDOWN',
          name: { en: 'Diet', nl: 'Dieet' },
          required: true,
          sort: 2,
          options: [{ value: 'veg', label: { en: 'Vegetarian', nl: 'Vegetarisch' } }],
          restrictProducts: [7],
        },
        {
          organisationId,
          type: 'FIRST_NAME',
          name: { en: 'First name' },
          required: true,
          sort: 1,
          isDefault: true,
        },
      ])
      .returning();
    fieldIds.push(...rows.map((row) => row.id));
    await t.db.insert(s.organisationAdditions).values([
      {
        organisationId,
        name: { en: 'Rebooking fee', nl: 'Omboekkosten' },
        amountCents: 350,
        type: 1,
        sort: 2,
      },
      { organisationId, name: { en: 'Service fee' }, amountCents: 99, type: 0, sort: 1 },
    ]);
    await createCategory(t.db, organisationId, { state: 'DRAFT' });
  });
  afterAll(() => t.close());

  it('answers the shop settings with fields keyed by id and additions in order', async () => {
    const organisation = await getOrganisation(t, '?language=en');
    expect(organisation).toMatchObject({
      id: organisationId,
      name: 'Harbour Tours',
      currency: 'EUR',
      default_language: 'nl',
      time_zone: 'Europe/Berlin',
      theme_colour: 'ff6600',
      allowShoppingCart: false,
      allow_business: true,
      captcha_enabled: true,
      reservation_days: 7,
    });
    const [diet, firstName] = fieldIds;
    expect(Object.keys(organisation.fields).sort()).toEqual([String(diet), String(firstName)].sort());
    expect(organisation.fields[String(diet)]).toEqual({
      id: diet,
      type: 'DROPDOWN',
      name: 'Diet',
      required: true,
      sort: 2,
      options: [{ value: 'veg', label: 'Vegetarian' }],
      default: false,
      products: [7],
      subscriptions: [],
      vouchers: [],
    });
    expect(organisation.fields[String(firstName)]).toMatchObject({ type: 'FIRST_NAME', default: true });
    expect(organisation.additions).toEqual([
      { id: expect.any(Number), name: 'Service fee', amount: 0.99, type: 0 },
      { id: expect.any(Number), name: 'Rebooking fee', amount: 3.5, type: 1 },
    ]);
  });

  it('names fields and additions in the language asked, falling back to the default', async () => {
    const organisation = await getOrganisation(t, '?language=ksh');
    // No German texts: the organisation default (nl) is used.
    expect(organisation.fields[String(fieldIds[0])]).toMatchObject({
      name: 'Dieet',
      options: [{ value: 'veg', label: 'Vegetarisch' }],
    });
    expect(organisation.additions.map((a) => a.name)).toEqual(['Service fee', 'Omboekkosten']);
  });

  it('answers the hero in the language asked (default language as fallback) and the logo', async () => {
    expect(await getOrganisation(t, '?language=en')).toMatchObject({
      hero: { title: 'Sail the harbour', text: 'Rondvaarten elk uur', image: '/media/hero-museum.svg' },
      logo: '/media/logo.svg',
    });
    expect((await getOrganisation(t, '?language=nl')).hero.title).toBe('Vaar door de haven');
  });

  it('reports categories only once a displayable category exists', async () => {
    expect((await getOrganisation(t)).shop.categories).toBe(false);
    await createCategory(t.db, organisationId, { state: 'INVISIBLE' });
    expect((await getOrganisation(t)).shop.categories).toBe(true);
  });
});

describe('GET /api/organisation defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOrganisation(t.db);
  });
  afterAll(() => t.close());

  it('falls back to the theme colour 1abc9c and answers empty fields and additions', async () => {
    const organisation = await getOrganisation(t);
    expect(organisation).toMatchObject({
      theme_colour: '1abc9c',
      fields: {},
      additions: [],
      shop: { categories: false },
      hero: { title: null, text: null, image: null },
      logo: null,
    });
  });
});
