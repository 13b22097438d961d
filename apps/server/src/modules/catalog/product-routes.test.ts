import type { ProductDetail, Upsell } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createAudience,
  createOrganisation,
  createPlot,
  createProduct,
  createUpsell,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('GET /api/products/{id} and /api/products/{id}/upsells', () => {
  let t: TestApp;
  let organisationId: number;
  let holdCounter = 0;

  /** An order holding `quantity` seats on a plot. */
  async function hold(plotId: number, quantity: number, status: s.HoldStatus, expiresAt: Date | null = null) {
    const [order] = await t.db
      .insert(s.orders)
      .values({
        organisationId,
        hash: `catalog-hold-${++holdCounter}`,
        kind: 'PRODUCT',
        customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
      })
      .returning();
    await t.db.insert(s.capacityHolds).values({ orderId: order!.id, plotId, quantity, status, expiresAt });
  }

  async function getProduct(id: number | string, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/products/${id}${query}` });
  }

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    organisationId = (await createOrganisation(t.db)).id;
  });
  afterAll(() => t.close());

  it('answers the detail with audiences, cross-sells and the upsell count', async () => {
    const product = await createProduct(t.db, organisationId, {
      priceType: 'AUDIENCE',
      priceCents: 1999,
      minQuantity: 2,
      maxQuantity: 8,
      allowReservations: true,
      showAvailability: true,
    });
    const adult = await createAudience(t.db, {
      productId: product.id,
      sort: 2,
      priceCents: 1500,
      name: { en: 'Adult', fr: 'Adulte' },
      group: 'people',
      minQuantity: 1,
    });
    const child = await createAudience(t.db, {
      productId: product.id,
      sort: 1,
      priceCents: 750,
      dependant: true,
    });
    const crossLater = await createProduct(t.db, organisationId);
    const crossFirst = await createProduct(t.db, organisationId);
    const crossDraft = await createProduct(t.db, organisationId, { state: 'DRAFT' });
    await t.db.insert(s.productCrossSells).values([
      { productId: product.id, crossProductId: crossLater.id, sort: 2 },
      { productId: product.id, crossProductId: crossFirst.id, sort: 1 },
      { productId: product.id, crossProductId: crossDraft.id, sort: 0 },
    ]);
    for (const upsell of [
      await createUpsell(t.db, organisationId),
      await createUpsell(t.db, organisationId),
    ]) {
      await t.db.insert(s.productUpsells).values({ productId: product.id, upsellId: upsell.id });
    }

    const response = await getProduct(product.id, '?language=fr');
    expect(response.statusCode).toBe(200);
    const detail: ProductDetail = response.json();
    expect(detail).toMatchObject({
      id: product.id,
      full: true,
      price: 19.99,
      min_quantity: 2,
      max_quantity: 8,
      allow_reservations: true,
      types: { price: 'AUDIENCE', capacity: 'PLOT' },
      options: { days: false, timeslots: false, audiences: true },
      settings: { show_availability: true },
      upsell_count: 2,
    });
    expect(detail.audiences).toEqual([
      {
        id: child.id,
        name: expect.any(String),
        description: '',
        price: 7.5,
        group: null,
        min_quantity: 0,
        dependant: true,
      },
      {
        id: adult.id,
        name: 'Adulte',
        description: '',
        price: 15,
        group: 'people',
        min_quantity: 1,
        dependant: false,
      },
    ]);
    expect(detail.cross_sells.map((c) => [c.id, c.full])).toEqual([
      [crossFirst.id, false],
      [crossLater.id, false],
    ]);
  });

  it('answers the key facts in their order and in the requested language, with the shop’s fallback', async () => {
    const product = await createProduct(t.db, organisationId, {
      keyFacts: [
        {
          kind: 'DURATION',
          text: { en: 'About 90 minutes', nl: 'Ongeveer 90 minuten', fr: 'Environ 90 minutes' },
        },
        { kind: 'LOCATION', text: { en: 'East wing', nl: 'Oostvleugel' } },
        { kind: 'CANCELLATION', text: { en: 'Free cancellation up to 48 hours before' } },
        // No text in any language: left out rather than shown as a bare label.
        { kind: 'AGE', text: {} },
      ],
    });
    const dutch = (await getProduct(product.id, '?language=nl')).json<ProductDetail>();
    expect(dutch.key_facts).toEqual([
      { kind: 'DURATION', text: 'Ongeveer 90 minuten' },
      { kind: 'LOCATION', text: 'Oostvleugel' },
      { kind: 'CANCELLATION', text: 'Free cancellation up to 48 hours before' },
    ]);
    const french = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json<ProductDetail>().key_facts.map((fact) => fact.text)).toEqual([
      'Environ 90 minutes',
      'East wing',
      'Free cancellation up to 48 hours before',
    ]);
    const plain = (await getProduct((await createProduct(t.db, organisationId)).id)).json<ProductDetail>();
    expect(plain.key_facts).toEqual([]);
  });

  it('states a product’s cancellation policy as its key fact, replacing a hand-written one (decision 0258)', async () => {
    const product = await createProduct(t.db, organisationId, {
      keyFacts: [
        { kind: 'CANCELLATION', text: { en: 'Cancel any time' } },
        { kind: 'LOCATION', text: { en: 'East wing' } },
      ],
      cancellationPolicy: {
        freeUntilHours: 48,
        tiers: [{ untilHours: 24, feePercent: 50 }],
        refundTo: 'original',
      },
    });
    const german = (await getProduct(product.id, '?language=de')).json<ProductDetail>();
    expect(german.key_facts).toEqual([
      {
        kind: 'CANCELLATION',
        text: 'Kostenlos stornierbar bis 48 Stunden vor Ihrem Besuch; 50 % Gebühr bis 24 Stunden vorher; danach keine Stornierung mehr. Erstattung auf Ihre ursprüngliche Zahlung.',
      },
      { kind: 'LOCATION', text: 'East wing' },
    ]);
    const withoutFact = await createProduct(t.db, organisationId, {
      cancellationPolicy: { freeUntilHours: 0, tiers: [], refundTo: 'voucher' },
    });
    expect((await getProduct(withoutFact.id)).json<ProductDetail>().key_facts).toEqual([
      { kind: 'CANCELLATION', text: 'Free cancellation until your visit starts. Refund as a voucher.' },
    ]);
  });

  it('gives a product without days its open plot, with capacity minus active holds', async () => {
    const product = await createProduct(t.db, organisationId);
    const dated = await createPlot(t.db, product.id, { date: '2026-03-20', capacity: 99 });
    const open = await createPlot(t.db, product.id, { capacity: 20 });
    void dated;
    await hold(open.id, 3, 'PAID');
    await hold(open.id, 2, 'PENDING', minutes(10));
    await hold(open.id, 4, 'RESERVED', minutes(60 * 24));
    // An expired pending hold, an expired reservation and a released hold free their seats.
    await hold(open.id, 5, 'PENDING', minutes(-1));
    await hold(open.id, 6, 'RESERVED', minutes(-60));
    await hold(open.id, 7, 'RELEASED', null);

    const detail: ProductDetail = (await getProduct(product.id)).json();
    expect(detail.plot).toBe(open.id);
    expect(detail.availability?.amount).toBe(11);
    expect(detail.availability?.percentage).toBeCloseTo(55);
  });

  it('frees the seats of a pending hold the moment it expires', async () => {
    const product = await createProduct(t.db, organisationId);
    const open = await createPlot(t.db, product.id, { capacity: 4 });
    await hold(open.id, 4, 'PENDING', NOW);
    // expires_at == now is no longer ahead: the hold has expired.
    expect((await getProduct(product.id)).json().availability).toEqual({ amount: 4, percentage: 100 });
  });

  it('never shows negative availability and shows unlimited plots as null', async () => {
    const oversold = await createProduct(t.db, organisationId);
    const plot = await createPlot(t.db, oversold.id, { capacity: 2 });
    await hold(plot.id, 3, 'PAID');
    expect((await getProduct(oversold.id)).json().availability).toEqual({ amount: 0, percentage: 0 });

    const unlimited = await createProduct(t.db, organisationId);
    await createPlot(t.db, unlimited.id, { capacity: null });
    expect((await getProduct(unlimited.id)).json().availability).toEqual({ amount: null, percentage: null });

    const noCapacity = await createProduct(t.db, organisationId, { capacityType: 'NONE' });
    await createPlot(t.db, noCapacity.id, { capacity: 5 });
    expect((await getProduct(noCapacity.id)).json().availability).toEqual({ amount: null, percentage: null });
  });

  it('has no open plot for a product with days, or without any plot', async () => {
    const withDays = await createProduct(t.db, organisationId, { hasDays: true });
    await createPlot(t.db, withDays.id, { date: '2026-03-20' });
    expect((await getProduct(withDays.id)).json()).toMatchObject({
      plot: null,
      availability: { amount: 10, percentage: 100 },
      options: { days: true },
    });

    const noPlot = await createProduct(t.db, organisationId);
    expect((await getProduct(noPlot.id)).json()).toMatchObject({ plot: null, availability: null });
  });

  it('gives a product with days the most seats left on a plot it can still sell in the sales window', async () => {
    const product = await createProduct(t.db, organisationId, { hasDays: true, hasTimeslots: true });
    const best = await createPlot(t.db, product.id, {
      date: '2026-03-20',
      startTime: '10:00',
      capacity: 120,
    });
    await hold(best.id, 20, 'PAID');
    await createPlot(t.db, product.id, { date: '2026-03-21', startTime: '10:00', capacity: 80 });
    // Plots that cannot be sold any more, whatever their seats: not selectable, begun today
    // (13:00 in Amsterdam), past, beyond the window, or out of orders.
    await createPlot(t.db, product.id, {
      date: '2026-03-22',
      startTime: '10:00',
      capacity: 400,
      selectable: false,
    });
    await createPlot(t.db, product.id, { date: '2026-03-10', startTime: '09:00', capacity: 300 });
    await createPlot(t.db, product.id, { date: '2026-03-09', startTime: '10:00', capacity: 250 });
    await createPlot(t.db, product.id, { date: '2027-06-01', startTime: '10:00', capacity: 200 });
    const outOfOrders = await createPlot(t.db, product.id, {
      date: '2026-03-23',
      startTime: '10:00',
      capacity: 500,
      maxOrders: 1,
    });
    await hold(outOfOrders.id, 1, 'PAID');

    const detail: ProductDetail = (await getProduct(product.id)).json();
    expect(detail.plot).toBeNull();
    expect(detail.availability?.amount).toBe(100);
    expect(detail.availability?.percentage).toBeCloseTo((100 / 120) * 100);
  });

  it('gives a product with days no limit when a plot it sells has none, and 0 when it sells none', async () => {
    const unlimited = await createProduct(t.db, organisationId, { hasDays: true });
    await createPlot(t.db, unlimited.id, { date: '2026-03-20', capacity: 30 });
    await createPlot(t.db, unlimited.id, { date: '2026-03-21', capacity: null });
    expect((await getProduct(unlimited.id)).json().availability).toEqual({ amount: null, percentage: null });

    const soldOut = await createProduct(t.db, organisationId, { hasDays: true });
    const plot = await createPlot(t.db, soldOut.id, { date: '2026-03-20', capacity: 2 });
    await hold(plot.id, 2, 'PAID');
    expect((await getProduct(soldOut.id)).json().availability).toEqual({ amount: 0, percentage: 0 });

    const noPlots = await createProduct(t.db, organisationId, { hasDays: true });
    expect((await getProduct(noPlots.id)).json().availability).toEqual({ amount: 0, percentage: 0 });
  });

  it('serves INVISIBLE products and answers 404 PRODUCT_NOT_FOUND for other states', async () => {
    const invisible = await createProduct(t.db, organisationId, { state: 'INVISIBLE' });
    expect((await getProduct(invisible.id)).statusCode).toBe(200);
    for (const state of ['DRAFT', 'ARCHIVED'] as const) {
      const hidden = await createProduct(t.db, organisationId, { state });
      const response = await getProduct(hidden.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
      const upsells = await getProduct(`${hidden.id}/upsells`);
      expect(upsells.statusCode).toBe(404);
      expect(upsells.json().error.code).toBe('PRODUCT_NOT_FOUND');
    }
  });

  it('lists upsells in their order with decimal price and donation step', async () => {
    const product = await createProduct(t.db, organisationId);
    const donation = await createUpsell(t.db, organisationId, {
      upsellType: 'DONATION',
      priceCents: 0,
      donationStepCents: 250,
      description: { en: '<p>Help us</p>', nl: '<p>Help ons</p>' },
    });
    const standard = await createUpsell(t.db, organisationId, {
      priceCents: 1050,
      maxQuantity: 4,
      image: '/media/x.jpg',
    });
    const unrelated = await createUpsell(t.db, organisationId);
    void unrelated;
    await t.db.insert(s.productUpsells).values([
      { productId: product.id, upsellId: donation.id, sort: 2 },
      { productId: product.id, upsellId: standard.id, sort: 1 },
    ]);

    const response = await getProduct(`${product.id}/upsells`, '?language=nl');
    expect(response.statusCode).toBe(200);
    const upsells: Upsell[] = response.json();
    expect(upsells).toEqual([
      {
        id: standard.id,
        title: expect.any(String),
        description: '',
        image: '/media/x.jpg',
        price: 10.5,
        upsell_type: 'STANDARD',
        max_quantity: 4,
        donation_step: null,
      },
      {
        id: donation.id,
        title: expect.any(String),
        description: '<p>Help ons</p>',
        image: null,
        price: 0,
        upsell_type: 'DONATION',
        max_quantity: null,
        donation_step: 2.5,
      },
    ]);
  });

  it('answers an empty upsell list for a product without upsells', async () => {
    const product = await createProduct(t.db, organisationId);
    const response = await getProduct(`${product.id}/upsells`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
