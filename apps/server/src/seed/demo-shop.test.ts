import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { SUPPORTED_LANGUAGES } from '../lib/language.ts';
import { seedAssetsFolder } from '../paths.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { verifyPassword } from '../lib/password-hash.ts';
import { DEMO_BUSINESS_CLIENT_EMAIL, DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from './demo-constants.ts';
import { seedIfEmpty } from './seed.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

describe('the demo shop', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedIfEmpty(db, NOW);
  });
  afterAll(async () => {
    await database.close();
  });

  it('is one EUR shop in Amsterdam time with every storefront switch on', async () => {
    const [org] = await db.select().from(s.organisations);
    expect(org).toMatchObject({
      slug: 'demo',
      currency: 'EUR',
      timeZone: 'Europe/Amsterdam',
      defaultLanguage: 'en',
      allowShoppingCart: true,
      allowBusiness: true,
      allowInvoice: true,
      faqEnabled: true,
      rebookingAllowed: true,
    });
    expect([...org!.languages].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(org!.rebookingSecret).toMatch(/^[0-9a-f]{32}$/);
    for (const contact of [org!.phoneNumber, org!.email, org!.whatsappUrl, org!.openingHoursUrl])
      expect(contact).toBeTruthy();
    const additions = await db.select().from(s.organisationAdditions);
    expect(additions.map((a) => a.type).sort()).toEqual([0, 1]);
  });

  it('nests categories two levels deep, with one invisible and one draft', async () => {
    const categories = await db.select().from(s.categories);
    const byId = new Map(categories.map((c) => [c.id, c]));
    expect(categories.some((c) => c.parentId !== null && byId.get(c.parentId)?.parentId === null)).toBe(true);
    expect(categories.filter((c) => c.state === 'INVISIBLE')).toHaveLength(1);
    expect(categories.filter((c) => c.state === 'DRAFT')).toHaveLength(1);
  });

  it('offers every kind of product', async () => {
    const products = await db.select().from(s.products);
    const some = (test: (p: (typeof products)[number]) => boolean) => products.filter(test).length;
    expect(some((p) => p.categoryId === null)).toBeGreaterThan(0);
    expect(some((p) => p.hasDays && !p.hasTimeslots)).toBeGreaterThan(0);
    expect(some((p) => p.hasTimeslots && p.showEndTime)).toBeGreaterThan(0);
    expect(some((p) => p.hasTimeslots && !p.showEndTime)).toBeGreaterThan(0);
    expect(some((p) => !p.hasDays && p.state === 'PUBLISHED')).toBeGreaterThan(0);
    expect(some((p) => p.capacityType === 'NONE')).toBeGreaterThan(0);
    expect(some((p) => p.priceType === 'AUDIENCE')).toBeGreaterThan(0);
    expect(some((p) => p.priceType === 'DYNAMIC')).toBeGreaterThan(0);
    expect(some((p) => p.allowReservations)).toBeGreaterThan(0);
    expect(some((p) => p.minQuantity > 1 && p.maxQuantity !== null)).toBeGreaterThan(0);
    expect(some((p) => !p.visible)).toBeGreaterThan(0);
    expect(some((p) => p.label !== null)).toBeGreaterThan(0);
    expect(some((p) => p.groupIds.length > 0)).toBeGreaterThanOrEqual(2);

    const audiences = await db.select().from(s.audiences);
    expect(audiences.some((a) => a.dependant)).toBe(true);
    expect(audiences.some((a) => a.minQuantity > 0)).toBe(true);
    expect(await db.$count(s.plotAudiencePrices)).toBeGreaterThan(0);
    expect(await db.$count(s.productCrossSells)).toBeGreaterThan(0);
  });

  it('has standard, limited, free and donation upsells', async () => {
    const upsells = await db.select().from(s.upsells);
    expect(upsells.some((u) => u.upsellType === 'STANDARD' && u.maxQuantity !== null)).toBe(true);
    expect(upsells.some((u) => u.upsellType === 'STANDARD' && u.priceCents === 0)).toBe(true);
    expect(upsells.some((u) => u.upsellType === 'DONATION' && (u.donationStepCents ?? 0) > 0)).toBe(true);
    for (const upsell of upsells) expect(upsell.description.en).toMatch(/^<p>/);
  });

  it('sells a physical and an online subscription, one unlimited', async () => {
    const subscriptions = await db.select().from(s.subscriptions);
    expect(subscriptions.map((x) => x.type).sort()).toEqual(['ONLINE', 'PHYSICAL']);
    expect(subscriptions.some((x) => x.redemptions === -1)).toBe(true);
    for (const subscription of subscriptions) {
      expect(subscription.productIds.length).toBeGreaterThan(0);
      expect(await db.$count(s.audiences, eq(s.audiences.subscriptionId, subscription.id))).toBeGreaterThan(
        0,
      );
      expect(
        await db.$count(s.subscriptionUpsells, eq(s.subscriptionUpsells.subscriptionId, subscription.id)),
      ).toBeGreaterThan(0);
    }
  });

  it('sells two vouchers, one value of limited availability', async () => {
    expect(await db.$count(s.vouchers)).toBe(2);
    const values = await db.select().from(s.voucherValues);
    expect(values.length).toBeGreaterThanOrEqual(3);
    expect(values.filter((v) => v.availability !== null)).toHaveLength(1);
  });

  it('asks for fields of all 15 types, built-ins marked, some restricted', async () => {
    const fields = await db.select().from(s.fields);
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(s.FIELD_TYPES));
    const builtIns = fields.filter((f) => f.isDefault).map((f) => f.type);
    expect(builtIns.sort()).toEqual(['COMPANY', 'EMAIL', 'FIRST_NAME', 'LAST_NAME', 'VAT_ID']);
    expect(fields.filter((f) => f.type === 'DROPDOWN').every((f) => f.options.length > 1)).toBe(true);
    expect(fields.some((f) => f.required)).toBe(true);
    expect(fields.some((f) => f.restrictProducts.length > 0)).toBe(true);
    expect(fields.some((f) => f.restrictSubscriptions.length > 0)).toBe(true);
    expect(fields.some((f) => f.restrictVouchers.length > 0)).toBe(true);
  });

  it('has percentage, amount, capped, restricted and expired coupons', async () => {
    const coupons = await db.select().from(s.coupons);
    expect(new Set(coupons.map((c) => c.kind))).toEqual(new Set(['PERCENTAGE', 'AMOUNT']));
    expect(coupons.some((c) => c.maxTicketAmount !== null)).toBe(true);
    expect(coupons.some((c) => c.productIds.length > 0)).toBe(true);
    expect(coupons.some((c) => c.validUntil !== null && c.validUntil < NOW)).toBe(true);
    for (const coupon of coupons) expect(coupon.code).toBe(coupon.code.toUpperCase());
  });

  it('has a demo business client that orders on invoice, and nobody else does', async () => {
    const [business] = await db
      .select()
      .from(s.clients)
      .where(eq(s.clients.email, DEMO_BUSINESS_CLIENT_EMAIL));
    expect(business).toMatchObject({ allowInvoice: true, company: expect.any(String) });
    expect(await db.$count(s.clients, eq(s.clients.allowInvoice, true))).toBe(1);
    expect(await db.$count(s.clientGroups, eq(s.clientGroups.allowInvoice, true))).toBe(0);
  });

  it('has a demo client in a group, with passes and a gift card', async () => {
    const [client] = await db.select().from(s.clients).where(eq(s.clients.email, DEMO_CLIENT_EMAIL));
    expect(client).toBeDefined();
    // The public demo password is stored as a hash only (decision 0120).
    expect(client!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await verifyPassword(DEMO_CLIENT_PASSWORD, client!.passwordHash!)).toBe(true);
    expect(await db.$count(s.clientGroups)).toBe(2);
    expect(await db.$count(s.clientGroupMembers, eq(s.clientGroupMembers.clientId, client!.id))).toBe(1);
    const held = await db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.clientId, client!.id));
    expect(held.length).toBeGreaterThan(0);
    const passes = await db.select().from(s.subscriptionPasses);
    expect(passes.length).toBeGreaterThanOrEqual(2);
    for (const pass of passes) {
      expect(pass.fullName).not.toBe('');
      expect(pass.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const [code] = await db.select().from(s.issuedVouchers);
    expect(code!.code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(code!.balanceCents).toBeGreaterThan(0);
    expect(code!.balanceCents).toBeLessThan(code!.initialCents);
  });

  it('writes every text in all five languages, translated rather than copied', async () => {
    const texts = [
      ...(await db.select({ a: s.products.title, b: s.products.description }).from(s.products)),
      ...(await db.select({ a: s.categories.title, b: s.categories.description }).from(s.categories)),
      ...(await db.select({ a: s.faqQuestions.question, b: s.faqQuestions.answer }).from(s.faqQuestions)),
      ...(await db.select({ a: s.upsells.title, b: s.upsells.description }).from(s.upsells)),
      ...(await db
        .select({ a: s.subscriptions.title, b: s.subscriptions.description })
        .from(s.subscriptions)),
      ...(await db.select({ a: s.vouchers.title, b: s.vouchers.description }).from(s.vouchers)),
    ].flatMap(({ a, b }) => [a, b]);
    for (const text of texts) {
      for (const language of SUPPORTED_LANGUAGES) expect(text[language], JSON.stringify(text)).toBeTruthy();
    }
    const descriptions = (await db.select({ d: s.products.description }).from(s.products)).map(({ d }) => d);
    for (const d of descriptions) expect(new Set(SUPPORTED_LANGUAGES.map((l) => d[l])).size).toBe(5);
    expect(await db.$count(s.faqQuestions)).toBeGreaterThanOrEqual(6);
  });

  it('points every image at a bundled SVG under /media', async () => {
    const images = [
      ...(await db.select({ image: s.categories.image }).from(s.categories)),
      ...(await db.select({ image: s.products.image }).from(s.products)),
      ...(await db.select({ image: s.upsells.image }).from(s.upsells)),
      ...(await db.select({ image: s.subscriptions.image }).from(s.subscriptions)),
      ...(await db.select({ image: s.vouchers.image }).from(s.vouchers)),
    ].map(({ image }) => image);
    for (const image of images) {
      expect(image).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(seedAssetsFolder, image!.slice('/media/'.length))), image!).toBe(true);
    }
  });
});
