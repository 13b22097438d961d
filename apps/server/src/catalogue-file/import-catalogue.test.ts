import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { parse, stringify } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { seedAssetsFolder, serverRoot } from '../paths.ts';
import { demoCatalogueFile } from '../seed/import-demo-catalogue.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { describeChanges, hasChanges } from './diff-catalogue.ts';
import { exportCatalogue } from './export-catalogue.ts';
import { applyImport, planImport, previewImport, type ImportPlan } from './import-catalogue.ts';
import { readCatalogue } from './read-catalogue.ts';
import { CatalogueRefused } from './write-catalogue.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
const TOUR_OPERATOR = path.join(serverRoot, '..', '..', 'examples', 'tour-operator', 'catalogue.yaml');

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'catalogue-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function media() {
  const writable = path.join(scratch, 'media');
  return { writable, served: [writable, seedAssetsFolder] };
}

async function plan(database: Database, file: string, source = readFileSync(file, 'utf8')) {
  const result = await planImport(database.db, source, path.dirname(file), media());
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result;
}

/** Every row of the catalogue's tables and of the orders, to compare before and after. */
async function snapshot(database: Database) {
  const tables = {
    organisations: s.organisations,
    additions: s.organisationAdditions,
    groups: s.clientGroups,
    categories: s.categories,
    upsells: s.upsells,
    products: s.products,
    audiences: s.audiences,
    plots: s.plots,
    plotPrices: s.plotAudiencePrices,
    schedules: s.productSchedules,
    subscriptions: s.subscriptions,
    vouchers: s.vouchers,
    values: s.voucherValues,
    coupons: s.coupons,
    fields: s.fields,
    faq: s.faqQuestions,
    orders: s.orders,
    lines: s.orderLines,
    holds: s.capacityHolds,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const rows = await database.db.select().from(table);
      return [name, JSON.stringify(rows.map((row) => JSON.stringify(row)).sort())] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe.each([
  ['the demo shop', demoCatalogueFile],
  ['the tour operator example', TOUR_OPERATOR],
])('importing %s into an empty database', (_name, file) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('shows everything as added, writes it, then an export imports as "no changes"', async () => {
    const first = await plan(database, file);
    expect(first.changes.find((c) => c.entity === 'products')!.added.length).toBeGreaterThan(0);
    expect(first.changes.find((c) => c.entity === 'organisation')!.added).toHaveLength(1);
    await applyImport(database.db, first, NOW);

    // The file itself, again: nothing to do.
    const again = await plan(database, file);
    expect(describeChanges(again.changes)).toEqual(['No changes.']);

    // Its export, with the images copied beside it: nothing to do either.
    const [org] = await database.db.select().from(s.organisations);
    const outFile = path.join(scratch, path.basename(path.dirname(file)), 'export.yaml');
    const exported = await exportCatalogue(database.db, org!.id, {
      outFile,
      mediaFolders: media().served,
      schemaRef: 'catalogue.schema.json',
    });
    expect(exported.missing).toEqual([]);
    writeFileSync(outFile, exported.yaml);
    const roundTrip = await plan(database, outFile);
    expect(describeChanges(roundTrip.changes)).toEqual(['No changes.']);

    // What the round trip could lose unnoticed if neither side had it: key facts, hero, logo.
    const source = parse(readFileSync(file, 'utf8'));
    const written = parse(exported.yaml);
    expect(written.products.map((p: { key_facts?: unknown }) => p.key_facts)).toEqual(
      source.products.map((p: { key_facts?: unknown }) => p.key_facts),
    );
    expect(written.organisation.hero?.title).toEqual(source.organisation.hero?.title);
    expect(written.organisation.hero?.text).toEqual(source.organisation.hero?.text);
    expect(Boolean(written.organisation.logo)).toBe(Boolean(source.organisation.logo));
    // The venue and the extras handed out at the door, printed on tickets (decision 0149).
    expect(written.organisation.contact?.address).toEqual(source.organisation.contact?.address);
    const doorExtras = (file: { upsells?: { key: string; show_on_ticket?: boolean }[] }) =>
      (file.upsells ?? []).filter((u) => u.show_on_ticket).map((u) => u.key);
    expect(doorExtras(written)).toEqual(doorExtras(source));
    // When today stops selling: closing times and sales ends (decision 0205).
    type SoldUntil = { sales_end_minutes?: number; schedule?: { rules: { closes?: string }[] } };
    const soldUntil = (file: { products: SoldUntil[] }) =>
      file.products.map((p) => [p.sales_end_minutes, p.schedule?.rules.map((rule) => rule.closes)]);
    expect(soldUntil(written)).toEqual(soldUntil(source));
    // Visitors' cancellation policies (decision 0258), through the round trip.
    const policies = (file: { products: { cancellation?: unknown }[] }) =>
      file.products.map((p) => p.cancellation);
    expect(policies(written)).toEqual(policies(source));
    // VAT (decision 0241): the rates, the seller and every rate named, through the round trip.
    expect(written.organisation.tax_rates).toEqual(source.organisation.tax_rates);
    expect(written.organisation.seller).toMatchObject(source.organisation.seller);
    type Rated = { vat_rate?: string; purpose?: string };
    const rates = (file: {
      products: Rated[];
      upsells?: Rated[];
      vouchers?: Rated[];
      organisation: { fees?: Rated[] };
    }) => [
      file.products.map((p) => p.vat_rate),
      (file.upsells ?? []).map((u) => u.vat_rate),
      (file.vouchers ?? []).map((v) => [v.purpose, v.vat_rate]),
      (file.organisation.fees ?? []).map((f) => f.vat_rate),
    ];
    expect(rates(written)).toEqual(rates(source));
    expect(rates(written)[0]!.every((rate) => typeof rate === 'string')).toBe(true);
  });
});

describe('an import that would break what is sold', () => {
  let database: Database;
  let demo: Record<string, unknown> & { products: Record<string, unknown>[] };
  /** The seeded shop as a file: the demo file with the dates the seed adds from today. */
  async function seededFile() {
    const [org] = await database.db.select().from(s.organisations);
    return JSON.parse(JSON.stringify(await readCatalogue(database.db, org!.id))) as typeof demo;
  }
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedIfEmpty(database.db, NOW);
    demo = await seededFile();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    demo = await seededFile();
  });

  const product = (slug: string) => demo.products.find((p) => p.slug === slug)!;
  const planOf = (changed: unknown) =>
    plan(database, demoCatalogueFile, stringify(changed)) as Promise<Extract<ImportPlan, { ok: true }>>;

  async function refusal(changed: unknown): Promise<string[]> {
    const before = await snapshot(database);
    const planned = await planOf(changed);
    expect(hasChanges(planned.changes)).toBe(true);
    const error = await applyImport(database.db, planned, NOW).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueRefused);
    expect(await snapshot(database)).toEqual(before);
    return (error as CatalogueRefused).reasons;
  }

  it('refuses an open plot capacity below the seats sold, naming the orders, and writes nothing', async () => {
    product('flex-ticket').capacity = 100;
    const [boxOffice] = await database.db
      .select({ reference: s.orders.reference })
      .from(s.orders)
      .where(
        eq(s.orders.customer, {
          first_name: 'Box',
          last_name: 'Office',
          email: 'box-office@demo-museum.example',
          fields: {},
        }),
      );
    const reasons = await refusal(demo);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(
      /^products\[7\]\.capacity: 100 is below the 120 seats sold on "flex-ticket" \(order /,
    );
    expect(reasons[0]!.replace(/ /g, '')).toContain(boxOffice!.reference);
  });

  it('refuses removing an audience that has tickets, naming the orders, and writes nothing', async () => {
    const [museum] = await database.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'museum-admission'));
    const [child] = await database.db
      .select()
      .from(s.audiences)
      .where(and(eq(s.audiences.productId, museum!.id), eq(s.audiences.key, 'child')));
    const [order] = await database.db
      .insert(s.orders)
      .values({
        organisationId: museum!.organisationId,
        hash: 'catalogue-test-order-hash-0001',
        reference: '12345678901',
        kind: 'PRODUCT',
        status: 'PAID',
        customer: { first_name: 'Kim', last_name: 'Kid', email: 'kim@example.com', fields: {} },
      })
      .returning();
    await database.db.insert(s.orderLines).values({
      orderId: order!.id,
      kind: 'PRODUCT',
      productId: museum!.id,
      audienceId: child!.id,
      quantity: 1,
      unitPriceCents: 850,
      totalCents: 850,
    });

    const audiences = product('museum-admission').audiences as { key: string }[];
    product('museum-admission').audiences = audiences.filter((a) => a.key !== 'child');
    const reasons = await refusal(demo);
    expect(reasons).toEqual([
      'audience "child" of "museum-admission" cannot be removed: it has tickets (order 1234 5678 901)',
    ]);

    // Removing the whole product is refused too, for the same paid order.
    demo.products = demo.products.filter((p) => p.slug !== 'museum-admission');
    for (const p of demo.products)
      p.cross_sells = ((p.cross_sells as string[]) ?? []).filter((c) => c !== 'museum-admission');
    for (const x of demo.subscriptions as Record<string, string[]>[])
      x.products = x.products!.filter((c) => c !== 'museum-admission');
    const removal = await refusal(demo);
    expect(removal).toContain(
      'product "museum-admission" cannot be removed while orders stand (order 1234 5678 901)',
    );
  });

  it('refuses removing a voucher value and an upsell that were ordered, naming the orders', async () => {
    const [value] = await database.db.select().from(s.voucherValues).where(eq(s.voucherValues.key, '100'));
    const [guide] = await database.db.select().from(s.upsells).where(eq(s.upsells.key, 'audio-guide'));
    const [order] = await database.db
      .insert(s.orders)
      .values({
        organisationId: guide!.organisationId,
        hash: 'catalogue-test-order-hash-0002',
        reference: '22222222222',
        kind: 'VOUCHER',
        status: 'EXPIRED',
        customer: { first_name: 'Vic', last_name: 'Voucher', email: 'vic@example.com', fields: {} },
      })
      .returning();
    await database.db.insert(s.orderLines).values([
      {
        orderId: order!.id,
        kind: 'VOUCHER_VALUE',
        voucherValueId: value!.id,
        quantity: 1,
        unitPriceCents: 10000,
        totalCents: 10000,
      },
      {
        orderId: order!.id,
        kind: 'UPSELL',
        upsellId: guide!.id,
        quantity: 1,
        unitPriceCents: 450,
        totalCents: 450,
      },
    ]);

    const giftCard = (demo.vouchers as Record<string, unknown>[]).find((v) => v.slug === 'gift-card')!;
    giftCard.values = (giftCard.values as { key: string }[]).filter((v) => v.key !== '100');
    demo.upsells = (demo.upsells as { key: string }[]).filter((u) => u.key !== 'audio-guide');
    for (const item of [...demo.products, ...(demo.subscriptions as Record<string, unknown>[])])
      item.upsells = ((item.upsells as string[]) ?? []).filter((key) => key !== 'audio-guide');
    expect((await refusal(demo)).sort()).toEqual([
      'upsell "audio-guide" cannot be removed: it was ordered (order 2222 2222 222)',
      'voucher value "100" cannot be removed: it was ordered (order 2222 2222 222)',
    ]);
  });

  it('refuses a schedule that would take plots with seats sold, naming the orders, and writes nothing', async () => {
    // The rebooking order holds two seats on a weekday 11:00 slot of light-and-colour.
    const light = product('light-and-colour');
    const [weekdays] = (light.schedule as { rules: { slots: { start: string }[] }[] }).rules;
    weekdays!.slots = weekdays!.slots.filter((slot) => slot.start !== '11:00');
    const reasons = await refusal(demo);
    const index = demo.products.indexOf(light);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons)
      expect(reason).toMatch(
        new RegExp(
          `^products\\[${index}\\]\\.schedule: \\d{4}-\\d\\d-\\d\\d 11:00: would be removed but holds \\d+ seat\\(s\\) \\(orders .+\\)$`,
        ),
      );
    expect(reasons.some((reason) => reason.replace(/ /g, '').includes('48210937563'))).toBe(true);

    // The dry run meets the same refusal, and writes nothing either.
    const before = await snapshot(database);
    const preview = await previewImport(database.db, await planOf(demo), NOW);
    expect(preview.ok).toBe(false);
    if (!preview.ok) expect(preview.refused.reasons).toEqual(reasons);
    expect(await snapshot(database)).toEqual(before);
  });

  it('lists the plot changes of a schedule per product on a dry run, and writes nothing', async () => {
    const cruise = product('canal-cruise');
    (cruise.schedule as { rules: { capacity: number }[] }).rules[0]!.capacity = 50;
    const before = await snapshot(database);
    const preview = await previewImport(database.db, await planOf(demo), NOW);
    expect(await snapshot(database)).toEqual(before);
    if (!preview.ok) throw preview.refused;
    const changed = preview.plots.filter(
      ({ result }) => result.added.length + result.updated.length + result.removed.length > 0,
    );
    expect(changed.map((p) => p.slug)).toEqual(['canal-cruise']);
    const [{ result }] = changed as [(typeof changed)[number]];
    expect(result.applied).toBe(false);
    expect(result.added).toEqual([]);
    expect(result.updated.length).toBe(90 * 5);
    expect(new Set(result.updated.flatMap((plot) => plot.fields))).toEqual(new Set(['capacity']));
  });

  it('moves a closing time onto the plots in place and keeps a sales end through export and import', async () => {
    const zoo = product('zoo-day');
    zoo.sales_end_minutes = 30;
    (zoo.schedule as { rules: { closes?: string }[] }).rules[0]!.closes = '17:30';
    const planned = await planOf(demo);
    expect(describeChanges(planned.changes)).toEqual([
      'products: changed zoo-day (schedule, sales_end_minutes)',
    ]);
    const preview = await previewImport(database.db, planned, NOW);
    if (!preview.ok) throw preview.refused;
    const { result } = preview.plots.find((p) => p.slug === 'zoo-day')!;
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(new Set(result.updated.flatMap((plot) => plot.fields))).toEqual(new Set(['end']));
    await applyImport(database.db, planned, NOW);

    const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, 'zoo-day'));
    expect(row!.salesEndMinutes).toBe(30);
    const ends = await database.db
      .selectDistinct({ end: s.plots.endTime })
      .from(s.plots)
      .where(eq(s.plots.productId, row!.id));
    expect(ends).toEqual([{ end: '17:30:00' }]);
    const exported = await seededFile();
    expect(exported.products.find((p) => p.slug === 'zoo-day')).toMatchObject({
      sales_end_minutes: 30,
      schedule: { rules: [{ closes: '17:30' }] },
    });
    expect(describeChanges((await planOf(exported)).changes)).toEqual(['No changes.']);
  });

  it('keeps a waiting-list offer time through import and export (decision 0261)', async () => {
    const zoo = product('zoo-day');
    zoo.waitlist = { offer_hours: 6 };
    const planned = await planOf(demo);
    expect(describeChanges(planned.changes)).toEqual(['products: changed zoo-day (waitlist)']);
    await applyImport(database.db, planned, NOW);
    const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, 'zoo-day'));
    expect(row!.waitlistOfferHours).toBe(6);
    const exported = await seededFile();
    expect(exported.products.find((p) => p.slug === 'zoo-day')?.waitlist).toEqual({ offer_hours: 6 });
    expect(describeChanges((await planOf(exported)).changes)).toEqual(['No changes.']);
    // The default (2 hours) is written as no block at all.
    delete zoo.waitlist;
    await applyImport(database.db, await planOf(demo), NOW);
    expect((await seededFile()).products.find((p) => p.slug === 'zoo-day')?.waitlist).toBeUndefined();
  });

  it('applies a change that breaks nothing, by slug, in place', async () => {
    product('flex-ticket').capacity = 600;
    product('zoo-day').price = 26;
    const [before] = await database.db.select().from(s.products).where(eq(s.products.slug, 'zoo-day'));
    const planned = await planOf(demo);
    expect(describeChanges(planned.changes)).toEqual([
      'products: changed zoo-day (price), flex-ticket (capacity)',
    ]);
    await applyImport(database.db, planned, NOW);
    const [after] = await database.db.select().from(s.products).where(eq(s.products.slug, 'zoo-day'));
    expect({ id: after!.id, price: after!.priceCents }).toEqual({ id: before!.id, price: 2600 });
  });
});

describe('rush mode in the catalogue file (decision 0265)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps a product’s and the shop’s rush through import, export and import', async () => {
    const source = parse(readFileSync(TOUR_OPERATOR, 'utf8'));
    source.organisation.rush = {
      opens_at: '2026-12-01T10:00:00+01:00',
      ends_at: '2026-12-01T18:00:00+01:00',
      admit: 'as_capacity_frees',
    };
    source.products[0].rush = {
      opens_at: '2026-11-30T09:00:00Z',
      ends_at: '2026-11-30T12:00:00Z',
      admit: 120,
      pass_minutes: 8,
      pre_queue_minutes: 20,
    };
    const file = path.join(path.dirname(TOUR_OPERATOR), 'rush.yaml');
    const text = stringify(source);
    const first = await plan(database, file, text);
    await applyImport(database.db, first, NOW);
    const [product] = await database.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, source.products[0].slug));
    expect(product!.rush).toEqual({
      opensAt: '2026-11-30T09:00:00Z',
      preQueueMinutes: 20,
      admitPerMinute: 120,
      passMinutes: 8,
      endsAt: '2026-11-30T12:00:00Z',
    });
    const [org] = await database.db.select().from(s.organisations);
    expect(org!.rush).toMatchObject({ admitPerMinute: null, passMinutes: 10, preQueueMinutes: 15 });

    const outFile = path.join(scratch, 'rush', 'export.yaml');
    const exported = await exportCatalogue(database.db, org!.id, {
      outFile,
      mediaFolders: media().served,
      schemaRef: 'catalogue.schema.json',
    });
    writeFileSync(outFile, exported.yaml);
    const written = parse(exported.yaml);
    expect(written.products[0].rush).toEqual(source.products[0].rush);
    expect(written.organisation.rush).toEqual({
      ...source.organisation.rush,
      pass_minutes: 10,
      pre_queue_minutes: 15,
    });
    expect(describeChanges((await plan(database, outFile)).changes)).toEqual(['No changes.']);

    // A rush that ends before it opens is refused with its path.
    source.products[0].rush.ends_at = '2026-11-30T08:00:00Z';
    const refused = await planImport(database.db, stringify(source), path.dirname(TOUR_OPERATOR), media());
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toMatch(/ends_at is not after opens_at/);
  });
});
