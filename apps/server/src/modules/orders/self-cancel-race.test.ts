/**
 * Ten visitors' cancellations of one ticket at the same moment (a double
 * click, several tabs; decision 0259), proven on native PostgreSQL (PGlite
 * has one connection, so nothing overlaps there). As in the staff race test
 * (engine/refunds/cancel-race.test.ts), a blocking transaction holds the
 * ticket's order line FOR UPDATE until all ten wait, then lets go. The
 * order's row lock taken by cancelOrderItems keeps it to one refund; the
 * negative control runs without it and refunds more than once.
 */
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage } from '../payments/payment-fixtures.ts';
import { selfCancel } from './self-cancel.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date('2026-06-01T10:00:00Z');
const RACERS = 10;

describe.skipIf(!onPostgres)(
  "ten visitors' cancellations of one ticket at once (native PostgreSQL only: set TEST_DATABASE_URL)",
  () => {
    let test: TestApp;
    let organisationId: number;

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => NOW });
      organisationId = (await createOrganisation(test.db, { holdMinutes: 15 })).id;
    });
    afterAll(() => test?.close());

    const deps = () => ({
      db: test.db,
      gateways: createGateways(test.config),
      log: pino({ level: 'silent' }),
    });

    async function paidOrder() {
      const show = await datedShow(test.db, organisationId, 10, {
        cancellationPolicy: { freeUntilHours: 48, tiers: [], refundTo: 'original' },
      });
      const placed = await orderShow(test.app, show, 2);
      await pressTestPage(test.app, placed.payment!.hash, 'pay');
      const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
      expect(order!.status).toBe('PAID');
      const tickets = await test.db.select().from(s.tickets).where(eq(s.tickets.orderId, order!.id));
      const [line] = await test.db
        .select()
        .from(s.orderLines)
        .where(and(eq(s.orderLines.orderId, order!.id), eq(s.orderLines.kind, 'PRODUCT')));
      return { order: order!, tickets, line: line! };
    }

    async function waitingOnLocks(): Promise<number> {
      const result = await test.db.execute(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      return Number((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting);
    }

    async function tenCancellations(lockOrder: boolean) {
      const paid = await paidOrder();
      const ticket = paid.tickets[0]!;
      let started: Promise<PromiseSettledResult<unknown>[]> | undefined;
      await test.db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${s.orderLines} where ${s.orderLines.id} = ${paid.line.id} for update`,
        );
        started = Promise.allSettled(
          Array.from({ length: RACERS }, () =>
            selfCancel(deps(), paid.order, { tickets: [ticket.id] }, NOW, { lockOrder }),
          ),
        );
        const deadline = Date.now() + 30_000;
        while ((await waitingOnLocks()) < RACERS) {
          if (Date.now() > deadline) throw new Error('the racers never all waited on the block');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const results = await started!;
      const refunds = await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
      return { paid, results, refunds };
    }

    it('ten cancellations of the same ticket at once: exactly one refund, nine told it is cancelled already', async () => {
      const { paid, results, refunds } = await tenCancellations(true);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
      expect(refused).toHaveLength(RACERS - 1);
      for (const result of refused)
        expect(result.reason).toMatchObject({ code: 'CANCEL_ITEM_ALREADY_CANCELLED' });
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amountCents: 1500, actor: 'visitor' });
      const [line] = await test.db.select().from(s.orderLines).where(eq(s.orderLines.id, paid.line.id));
      expect(line!.cancelledQuantity).toBe(1);
    }, 120_000);

    it('without the order lock they all pass their checks and refund more than once (negative control: the race is real)', async () => {
      const { refunds } = await tenCancellations(false);
      expect(refunds.length).toBeGreaterThan(1);
    }, 120_000);
  },
);
