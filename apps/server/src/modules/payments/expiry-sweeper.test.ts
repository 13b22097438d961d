import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createGateways } from '../../payments/gateways.ts';
import { startExpirySweeper } from '../../engine/expiry/expiry-sweeper.ts';
import { datedShow, orderShow } from './payment-fixtures.ts';
import { REFUND_RETRY_AFTER_MS } from '../../engine/settlement/refund-payment.ts';

const START = new Date('2026-06-01T10:00:00Z');

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('expiry sweeper schedule', () => {
  let test: TestApp;
  let db: Db;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => START });
    db = test.db;
  });
  afterAll(() => test.close());

  it('expires unpaid orders past their hold on its own timer and frees their holds, until stopped', async () => {
    const organisation = await createOrganisation(db, { holdMinutes: 15 });
    const show = await datedShow(db, organisation.id, 5);
    const placed = await orderShow(test.app, show, 2);
    let clock = START;
    const sweeper = startExpirySweeper(db, pino({ level: 'silent' }), { intervalMs: 25, now: () => clock });
    const orderStatus = async () =>
      (
        await db
          .select({ status: s.orders.status })
          .from(s.orders)
          .where(eq(s.orders.hash, placed.order.hash))
      )[0]!.status;
    // Still within the hold: several runs leave it alone.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await orderStatus()).toBe('PENDING');
    clock = new Date(START.getTime() + 16 * 60_000);
    await until(async () => (await orderStatus()) === 'EXPIRED');
    const holds = await db
      .select()
      .from(s.capacityHolds)
      .innerJoin(s.orders, eq(s.orders.id, s.capacityHolds.orderId))
      .where(eq(s.orders.hash, placed.order.hash));
    expect(holds.map((row) => row.capacity_holds.status)).toEqual(['RELEASED']);
    await sweeper.stop();
  });

  it('with the gateways, also refunds payments whose refund failed once the retry interval has passed', async () => {
    // One organisation per server (decision 0004): the shop the test above made, when it ran.
    const [shop] = await db.select().from(s.organisations).limit(1);
    const organisation = shop ?? (await createOrganisation(db, { holdMinutes: 15 }));
    const show = await datedShow(db, organisation.id, 5);
    const placed = await orderShow(test.app, show, 1);
    // As a refund attempt that failed at START would leave it.
    await db
      .update(s.payments)
      .set({ status: 'REFUND_REQUIRED', updatedAt: START })
      .where(eq(s.payments.hash, placed.payment!.hash));
    const paymentStatus = async () =>
      (await db.select().from(s.payments).where(eq(s.payments.hash, placed.payment!.hash)))[0]!;
    let clock = START;
    const sweeper = startExpirySweeper(db, pino({ level: 'silent' }), {
      intervalMs: 25,
      now: () => clock,
      gateways: createGateways(test.config),
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await paymentStatus()).status).toBe('REFUND_REQUIRED');
    clock = new Date(START.getTime() + REFUND_RETRY_AFTER_MS);
    await until(async () => (await paymentStatus()).status === 'REFUNDED');
    expect((await paymentStatus()).refundRef).toBe(`test-refund-${placed.payment!.hash}`);
    await sweeper.stop();
  });

  it('logs a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    const broken = { transaction: () => Promise.reject(new Error('database gone')) } as unknown as Db;
    const sweeper = startExpirySweeper(broken, log, { intervalMs: 20 });
    await until(async () => errors.length >= 2);
    await sweeper.stop();
    expect(errors[0]).toMatchObject({ msg: 'expired-order sweep failed' });
  });
});
