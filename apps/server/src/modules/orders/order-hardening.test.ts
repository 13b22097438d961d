/**
 * Hostile orders (decision 0103): a reused Idempotency-Key with another body is
 * refused (Stripe's behaviour), and the server holds the audience maximum
 * of 10 each (docs/storefront.md §5.6) whatever the product allows in total.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, type Show } from '../payments/payment-fixtures.ts';

describe('order placement, hostile clients', () => {
  let t: TestApp;
  let show: Show;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z') });
    const organisation = await createOrganisation(t.db);
    show = await datedShow(t.db, organisation.id, 100);
  });
  afterAll(() => t?.close());

  function order(adults: number, children: number, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        customer,
        orders: [
          {
            product: { id: show.product.id, plot: show.plot.id },
            audiences: {
              [show.adult.id]: { id: show.adult.id, quantity: adults },
              ...(children ? { [show.child.id]: { id: show.child.id, quantity: children } } : {}),
            },
          },
        ],
      },
    });
  }

  it('refuses an Idempotency-Key reused with a different body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = { 'idempotency-key': 'reused-key' };
    const first = await order(2, 0, key);
    expect(first.statusCode).toBe(200);
    const retry = await order(2, 0, key);
    expect(retry.json().response.orders[0].order.hash).toBe(first.json().response.orders[0].order.hash);
    const other = await order(5, 1, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const [made] = await t.db
      .select({ n: count() })
      .from(s.orders)
      .where(eq(s.orders.idempotencyKey, 'reused-key'));
    expect(made!.n).toBe(1);
  });

  it('refuses more than 10 of one audience with AUDIENCE_QUANTITY_TOO_LARGE', async () => {
    const tooMany = await order(11, 0);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ ok: false, error: { code: 'AUDIENCE_QUANTITY_TOO_LARGE' } });
    expect((await order(10, 10)).statusCode).toBe(200);
  });
});
