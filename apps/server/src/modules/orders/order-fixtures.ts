/**
 * Test builders for the order engine's tables. Kept beside the module rather
 * than in testing/fixtures.ts so that file's owners and this module never
 * commit each other's half-written edits.
 */
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

let counter = 0;

export async function createField(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.fields.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(s.fields)
    .values({ organisationId, type: 'TEXT', name: { en: `Field ${counter}` }, ...values })
    .returning();
  return row!;
}

export async function createAddition(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.organisationAdditions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(s.organisationAdditions)
    .values({ organisationId, name: { en: 'Service fee' }, amountCents: 100, vatRate: 'standard', ...values })
    .returning();
  return row!;
}

export async function createIssuedVoucher(
  db: Db,
  organisationId: number,
  values: Partial<typeof s.issuedVouchers.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(s.issuedVouchers)
    .values({
      organisationId,
      code: `GIFT-${String(counter).padStart(4, '0')}-ABCD`,
      initialCents: 2500,
      balanceCents: 2500,
      ...values,
    })
    .returning();
  return row!;
}

export async function linkUpsell(db: Db, productId: number, upsellId: number) {
  await db.insert(s.productUpsells).values({ productId, upsellId });
}

export async function createClientSubscription(
  db: Db,
  clientId: number,
  subscriptionId: number,
  values: Partial<typeof s.clientSubscriptions.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(s.clientSubscriptions)
    .values({
      clientId,
      subscriptionId,
      token: `pass-token-${counter}-${Math.random().toString(36).slice(2)}`,
      renewalHash: `renewal-${counter}-${Math.random().toString(36).slice(2)}`,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  return row!;
}
