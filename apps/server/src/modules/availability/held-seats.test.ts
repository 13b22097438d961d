import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { heldSeatsByPlot, holdsOf } from './held-seats.ts';

const NOW = new Date('2026-05-01T12:00:00Z');
const LATER = new Date('2026-05-01T12:30:00Z');

describe('heldSeatsByPlot', () => {
  let database: Database;
  let plotA: number;
  let plotB: number;
  let empty: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const organisation = await createOrganisation(db);
    const product = await createProduct(db, organisation.id, { hasDays: true });
    [plotA, plotB, empty] = (await Promise.all(
      ['2026-05-02', '2026-05-03', '2026-05-04'].map(
        async (date) => (await createPlot(db, product.id, { date })).id,
      ),
    )) as [number, number, number];
    const customer = { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} };
    const [first, second] = await db
      .insert(s.orders)
      .values([
        { organisationId: organisation.id, hash: 'held-seats-1', kind: 'PRODUCT', customer },
        { organisationId: organisation.id, hash: 'held-seats-2', kind: 'PRODUCT', customer },
      ])
      .returning();
    await db.insert(s.capacityHolds).values([
      // Two holds of one order on plot A count as one order.
      { orderId: first!.id, plotId: plotA, quantity: 2, status: 'PAID' },
      { orderId: first!.id, plotId: plotA, quantity: 1, status: 'PAID' },
      { orderId: second!.id, plotId: plotA, quantity: 4, status: 'PENDING', expiresAt: LATER },
      { orderId: second!.id, plotId: plotB, quantity: 6, status: 'RESERVED', expiresAt: LATER },
      { orderId: second!.id, plotId: empty, quantity: 9, status: 'RELEASED' },
    ]);
  });
  afterAll(() => database.close());

  it('sums active seats and counts distinct orders per plot', async () => {
    const held = await heldSeatsByPlot(database.db, [plotA, plotB, empty], NOW);
    expect(holdsOf(held, plotA)).toEqual({ seats: 7, orders: 2 });
    expect(holdsOf(held, plotB)).toEqual({ seats: 6, orders: 1 });
    expect(holdsOf(held, empty)).toEqual({ seats: 0, orders: 0 });
  });

  it('reads only the plots asked for', async () => {
    const held = await heldSeatsByPlot(database.db, [plotB], NOW);
    expect([...held.keys()]).toEqual([plotB]);
  });

  it('drops pending and reserved holds once they expire', async () => {
    const held = await heldSeatsByPlot(database.db, [plotA, plotB], LATER);
    expect(holdsOf(held, plotA)).toEqual({ seats: 3, orders: 1 });
    expect(holdsOf(held, plotB)).toEqual({ seats: 0, orders: 0 });
  });

  it('answers an empty list without a query', async () => {
    expect((await heldSeatsByPlot(database.db, [], NOW)).size).toBe(0);
  });

  it('reads inside a transaction, seeing its own uncommitted holds', async () => {
    let inside: unknown;
    const rolledBack = await database.db
      .transaction(async (tx) => {
        const [organisation] = await tx.select({ id: s.organisations.id }).from(s.organisations).limit(1);
        const [order] = await tx
          .insert(s.orders)
          .values({
            organisationId: organisation!.id,
            hash: 'held-seats-tx',
            kind: 'PRODUCT',
            customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
          })
          .returning();
        await tx
          .insert(s.capacityHolds)
          .values({ orderId: order!.id, plotId: empty, quantity: 3, status: 'PAID' });
        inside = holdsOf(await heldSeatsByPlot(tx, [empty], NOW), empty);
        tx.rollback();
      })
      .then(
        () => false,
        () => true,
      );
    expect(rolledBack).toBe(true);
    expect(inside).toEqual({ seats: 3, orders: 1 });
    expect(holdsOf(await heldSeatsByPlot(database.db, [empty], NOW), empty)).toEqual({ seats: 0, orders: 0 });
  });
});
