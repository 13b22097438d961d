/**
 * The gift-card liability is readable at any instant (decision 0243): the
 * credit of the codes sold by then, less what orders placed by then spent
 * of it, for codes not expired by then; a later sale, spending or expiry
 * never changes what an earlier instant reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import type { Database } from '../../db/client.ts';
import { createIssuedVoucher } from '../orders/order-fixtures.ts';
import { giftCardLiability } from './vat-report.ts';

let database: Database;
let organisationId: number;
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  organisationId = (await createOrganisation(db)).id;
  // A: 50.00 sold 10 January, valid to the end of the year; B: 20.00 sold 1 March, expires 1 April.
  const a = await createIssuedVoucher(db, organisationId, {
    initialCents: 5000,
    balanceCents: 3500,
    createdAt: at('2026-01-10'),
    expiresAt: at('2026-12-31'),
  });
  await createIssuedVoucher(db, organisationId, {
    initialCents: 2000,
    balanceCents: 2000,
    createdAt: at('2026-03-01'),
    expiresAt: at('2026-04-01'),
  });
  // 15.00 of A spent on an order placed 1 February; 10.00 more on an order that expired unpaid (gave it back).
  for (const [status, cents] of [
    ['PAID', 1500],
    ['EXPIRED', 1000],
  ] as const) {
    const [order] = await db
      .insert(s.orders)
      .values({
        organisationId,
        hash: `liability-${status}`,
        kind: 'PRODUCT',
        status,
        customer: { first_name: 'Gift', last_name: 'Card', email: 'gift@example.test', fields: {} },
        createdAt: at('2026-02-01'),
      })
      .returning();
    await db.insert(s.orderLines).values({
      orderId: order!.id,
      kind: 'DISCOUNT',
      issuedVoucherId: a.id,
      quantity: 1,
      unitPriceCents: cents,
      totalCents: cents,
    });
  }
}, 120_000);
afterAll(() => database?.close());

describe('gift-card liability at any date', () => {
  it.each([
    ['2026-01-01', 0],
    ['2026-01-15', 5000],
    ['2026-02-15', 3500],
    ['2026-03-15', 5500],
    ['2026-04-15', 3500],
    ['2027-01-15', 0],
  ])('on %s it is %i cents', async (day, cents) => {
    expect(await giftCardLiability(database.db, organisationId, at(day))).toBe(cents);
  });
});
