import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createOrganisation, createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const NOW = new Date('2026-05-01T08:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('GET /api/vouchers/{id}', () => {
  let t: TestApp;
  let organisationId: number;
  let counter = 0;

  /** An order of `quantity` codes of a value, in a status. */
  async function order(
    valueId: number,
    quantity: number,
    status: s.OrderStatus,
    expiresAt: Date | null = null,
  ) {
    const [row] = await t.db
      .insert(s.orders)
      .values({
        organisationId,
        hash: `voucher-order-${++counter}`,
        kind: 'VOUCHER',
        status,
        expiresAt,
        customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
      })
      .returning();
    await t.db.insert(s.orderLines).values({
      orderId: row!.id,
      kind: 'VOUCHER_VALUE',
      voucherValueId: valueId,
      quantity,
      unitPriceCents: 1000,
      totalCents: 1000 * quantity,
    });
    return row!;
  }

  async function getVoucher(id: number | string, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/vouchers/${id}${query}` });
  }

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    organisationId = (await createOrganisation(t.db)).id;
  });
  afterAll(() => t.close());

  it('answers the detail with its values in order, quantities and settings', async () => {
    const voucher = await createVoucher(t.db, organisationId, {
      minQuantity: 2,
      maxQuantity: 5,
      showEndTime: true,
      description: { en: 'A gift', fr: 'Un cadeau' },
    });
    const big = await createVoucherValue(t.db, voucher.id, {
      sort: 2,
      priceCents: 5000,
      creditCents: 5500,
      name: { en: 'Fifty', fr: 'Cinquante' },
    });
    const small = await createVoucherValue(t.db, voucher.id, {
      sort: 1,
      priceCents: 1000,
      creditCents: 1000,
    });

    const response = await getVoucher(voucher.id, '?language=fr');
    expect(response.statusCode).toBe(200);
    const detail: VoucherDetail = response.json();
    expect(detail).toMatchObject({
      id: voucher.id,
      full: true,
      description: 'Un cadeau',
      price: 10,
      min_quantity: 2,
      max_quantity: 5,
      settings: { show_end_time: true },
    });
    expect(detail.values).toEqual([
      { id: small.id, name: expect.any(String), description: '', price: 10, availability: null },
      { id: big.id, name: 'Cinquante', description: '', price: 50, availability: null },
    ]);
  });

  it('subtracts sold and held codes from a value’s availability', async () => {
    const voucher = await createVoucher(t.db, organisationId);
    const value = await createVoucherValue(t.db, voucher.id, { availability: 20 });
    const other = await createVoucherValue(t.db, voucher.id, { availability: 3 });
    await order(value.id, 2, 'PAID');
    await order(value.id, 3, 'PENDING', minutes(15));
    await order(value.id, 1, 'RESERVED', minutes(60));
    // Expired holds, failed and cancelled orders do not take codes.
    await order(value.id, 4, 'PENDING', minutes(-1));
    await order(value.id, 5, 'EXPIRED', null);
    await order(value.id, 6, 'CANCELLED', null);
    await order(value.id, 7, 'FAILED', null);
    // A code handed out without an order takes one; a code issued for an order is already counted.
    const paid = await order(value.id, 1, 'PAID');
    await t.db.insert(s.issuedVouchers).values([
      {
        organisationId,
        voucherValueId: value.id,
        code: 'STAFFCODE1',
        initialCents: 1000,
        balanceCents: 1000,
      },
      {
        organisationId,
        voucherValueId: value.id,
        orderId: paid.id,
        code: 'ORDERCODE1',
        initialCents: 1000,
        balanceCents: 1000,
      },
    ]);
    await order(other.id, 5, 'PAID');

    const detail: VoucherDetail = (await getVoucher(voucher.id)).json();
    expect(detail.values.map((v) => [v.id, v.availability])).toEqual([
      [value.id, 20 - 2 - 3 - 1 - 1 - 1],
      [other.id, 0],
    ]);
  });

  it('answers 404 VOUCHER_NOT_FOUND for a hidden or unknown voucher', async () => {
    const archived = await createVoucher(t.db, organisationId, { state: 'ARCHIVED' });
    for (const id of [archived.id, 424242]) {
      const response = await getVoucher(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'VOUCHER_NOT_FOUND' } });
    }
  });
});
