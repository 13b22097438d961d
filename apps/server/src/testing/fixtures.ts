/**
 * Small builders for test data: each inserts one row with sensible defaults
 * and returns it. Tests state only what the behaviour under test depends on.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { tokenHash } from '../lib/secrets.ts';

let counter = 0;
const next = () => ++counter;
const en = (text: string) => ({ en: text });

/** Dutch rates and a seller, as a catalogue declares them (decision 0241): products reduced, extras and fees standard. */
export const FIXTURE_TAX = {
  taxRates: [
    { name: 'reduced', percentage: 9 },
    { name: 'standard', percentage: 21 },
    { name: 'exempt', percentage: 0 },
  ],
  seller: {
    legalName: 'Fixture Museum B.V.',
    address: 'Museumplein 1\n1071 DJ Amsterdam',
    vatId: 'NL123456789B01',
    registration: 'KvK 12345678',
    bank: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', holder: 'Fixture Museum B.V.' },
    paymentDays: 14,
  },
} satisfies Partial<typeof s.organisations.$inferInsert>;

export async function createOrganisation(db: Db, values: Partial<typeof s.organisations.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(s.organisations)
    .values({ slug: `org-${n}`, name: `Organisation ${n}`, ...FIXTURE_TAX, ...values })
    .returning();
  return row!;
}

export async function createCategory(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.categories.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.categories)
    .values({ organisationId, slug: `category-${n}`, title: en(`Category ${n}`), ...values })
    .returning();
  return row!;
}

export async function createProduct(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.products.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.products)
    .values({
      organisationId,
      slug: `product-${n}`,
      title: en(`Product ${n}`),
      description: en(`Description of product ${n}`),
      priceCents: 1000,
      vatRate: 'reduced',
      ...values,
    })
    .returning();
  return row!;
}

export async function createPlot(
  db: Db,
  productId: number,
  values: Partial<typeof s.plots.$inferInsert> = {},
) {
  const [row] = await db
    .insert(s.plots)
    .values({ productId, capacity: 10, ...values })
    .returning();
  return row!;
}

export async function createAudience(db: Db, values: Partial<typeof s.audiences.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(s.audiences)
    .values({ name: en(`Audience ${n}`), priceCents: 500, ...values })
    .returning();
  return row!;
}

export async function createUpsell(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.upsells.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.upsells)
    .values({ organisationId, title: en(`Upsell ${n}`), priceCents: 250, vatRate: 'standard', ...values })
    .returning();
  return row!;
}

export async function createSubscription(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.subscriptions.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.subscriptions)
    .values({
      organisationId,
      slug: `subscription-${n}`,
      title: en(`Subscription ${n}`),
      priceCents: 5000,
      vatRate: 'reduced',
      ...values,
    })
    .returning();
  return row!;
}

export async function createVoucher(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.vouchers.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.vouchers)
    .values({ organisationId, slug: `voucher-${n}`, title: en(`Voucher ${n}`), ...values })
    .returning();
  return row!;
}

export async function createVoucherValue(
  db: Db,
  voucherId: number,
  values: Partial<typeof s.voucherValues.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.voucherValues)
    .values({ voucherId, name: en(`Value ${n}`), priceCents: 2500, creditCents: 2500, ...values })
    .returning();
  return row!;
}

/**
 * A client who is logged in: `token` is the bearer token of a session that
 * lasts until 2100, so tests on any clock can send it (decision 0120).
 */
export async function createClient(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.clients.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.clients)
    .values({
      organisationId,
      firstName: 'Client',
      lastName: `Number ${n}`,
      email: `client${n}@example.test`,
      ...values,
    })
    .returning();
  const token = `client-token-${n}-${randomBytes(8).toString('hex')}`;
  await db
    .insert(s.clientSessions)
    .values({ clientId: row!.id, tokenHash: tokenHash(token), expiresAt: new Date('2100-01-01T00:00:00Z') });
  return { ...row!, token };
}

export async function createCoupon(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.coupons.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.coupons)
    .values({ organisationId, code: `COUPON${n}`, kind: 'PERCENTAGE', value: 1000, ...values })
    .returning();
  return row!;
}

export async function createFaqQuestion(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.faqQuestions.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.faqQuestions)
    .values({ organisationId, question: en(`Question ${n}?`), answer: en(`Answer ${n}.`), ...values })
    .returning();
  return row!;
}

export async function createIssuedVoucher(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.issuedVouchers.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(s.issuedVouchers)
    .values({ organisationId, code: `TESTCODE${n}`, initialCents: 2500, balanceCents: 2500, ...values })
    .returning();
  return row!;
}
