/**
 * Statements built once per shape and run with values (db/shaped-statements.ts,
 * decision 0281): one name per text, values mapped to the driver as drizzle
 * maps them when written in (JSON, timestamps, arrays, null), no value kept
 * from the first build, and no more kept shapes than the limit.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './schema.ts';
import { runShaped, StatementShapes } from './shaped-statements.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';

describe('statements built once per shape', () => {
  let database: TestDatabase;
  let organisationId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    organisationId = (await createOrganisation(database.db)).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const insertOrder = () =>
    database.db
      .insert(s.orders)
      .values({
        organisationId: sql.placeholder('organisationId'),
        hash: sql.placeholder('hash'),
        kind: sql.placeholder('kind'),
        status: sql.placeholder('status'),
        customer: sql.placeholder('customer'),
        language: sql.placeholder('language'),
        enrichment: sql.placeholder('enrichment'),
        couponCodes: sql.placeholder('couponCodes'),
        expiresAt: sql.placeholder('expiresAt'),
        reference: sql.placeholder('reference'),
        subtotalCents: 0,
        discountCents: 0,
        additionsCents: 0,
        totalCents: 0,
      } as never)
      .returning({ id: s.orders.id });

  function orderValues(n: number, expiresAt: Date | null) {
    return {
      organisationId,
      hash: `shaped-${n}`,
      kind: 'PRODUCT',
      status: 'PENDING',
      customer: { first_name: 'Shaped', last_name: String(n), email: `shaped${n}@example.test`, fields: {} },
      language: 'nl',
      enrichment: n % 2 === 0 ? null : { source: 'test', n },
      couponCodes: ['A', `B${n}`],
      expiresAt,
      reference: `9${String(n).padStart(10, '0')}`,
    };
  }

  it('refuses a value written in at build time: it would be kept for every later call', () => {
    const shapes = new StatementShapes('written_in');
    expect(() => shapes.get('order', insertOrder)).toThrow(/not a placeholder/);
  });

  it('writes each call its own values through the columns mappings, under one name', async () => {
    const shapes = new StatementShapes('shaped_order');
    const allPlaceholders = () =>
      database.db
        .insert(s.orders)
        .values({
          ...Object.fromEntries(Object.keys(orderValues(0, null)).map((key) => [key, sql.placeholder(key)])),
          subtotalCents: sql.placeholder('cents'),
          discountCents: sql.placeholder('cents'),
          additionsCents: sql.placeholder('cents'),
          totalCents: sql.placeholder('cents'),
        } as never)
        .returning({ id: s.orders.id });
    const statement = shapes.get('order', allPlaceholders);
    expect(shapes.get('order', allPlaceholders)).toBe(statement);
    expect(statement.name).toMatch(/^shaped_order_[\w-]{16}$/);
    const expires = new Date('2026-12-01T10:15:00.000Z');
    for (const [n, expiresAt] of [
      [1, expires],
      [2, null],
    ] as const) {
      const [row] = await runShaped(database.db, statement, { ...orderValues(n, expiresAt), cents: 100 * n });
      const [order] = await database.db
        .select()
        .from(s.orders)
        .where(eq(s.orders.id, row!.id as number));
      expect(order).toMatchObject({
        hash: `shaped-${n}`,
        customer: orderValues(n, null).customer,
        enrichment: orderValues(n, null).enrichment,
        couponCodes: ['A', `B${n}`],
        expiresAt,
        totalCents: 100 * n,
      });
    }
  });

  it('keeps at most its limit of shapes; beyond it a statement is built per call and sent unnamed', () => {
    const shapes = new StatementShapes('few', 1);
    const select = (column: 'id' | 'reference') => () =>
      database.db
        .select({ value: s.orders[column] })
        .from(s.orders)
        .where(eq(s.orders.hash, sql.placeholder('hash')));
    expect(shapes.get('one', select('id')).name).toMatch(/^few_/);
    const other = shapes.get('two', select('reference'));
    expect(other.name).toBe('');
    expect(shapes.get('two', select('reference'))).not.toBe(other);
  });

  it('throws when a placeholder has no value', async () => {
    const shapes = new StatementShapes('missing');
    const statement = shapes.get('by-hash', () =>
      database.db
        .select({ id: s.orders.id })
        .from(s.orders)
        .where(eq(s.orders.hash, sql.placeholder('hash'))),
    );
    await expect(runShaped(database.db, statement, {})).rejects.toThrow(/no value for placeholder "hash"/);
  });
});
