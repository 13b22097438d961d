/**
 * Cancellations under concurrency (decision 0236), proven on native
 * PostgreSQL (PGlite has one connection, so nothing overlaps there). To make
 * "at the same moment" deterministic, a blocking transaction holds a row
 * both sides must write (the order line, or the ticket) FOR UPDATE until
 * both are waiting; then it lets go and they race. The order's row lock
 * (FOR UPDATE in cancelOrderItems, FOR SHARE at the door) is what keeps the
 * outcome sound; each proof has a negative control without it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { datedShow, orderShow, pressTestPage } from '../../modules/payments/payment-fixtures.ts';
import { staffLogin } from '../../modules/staff/staff-fixtures.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cancelOrderItems, type CancelItemsRequest } from './cancel-order-items.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERED = new Date('2026-06-01T10:00:00Z');
// 20:15 in Amsterdam on the show's day: its tickets are let in now.
const SHOW_TIME = new Date('2026-06-10T18:15:00Z');

describe.skipIf(!onPostgres)(
  'cancellations at the same moment (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let organisationId: number;
    let clock = ORDERED;
    let staff: { staffUserId: number; email: string };

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => clock });
      organisationId = (await createOrganisation(test.db, { holdMinutes: 15 })).id;
      const login = await staffLogin(test.app, test.db, organisationId, 'Box', 'box-office');
      const [user] = await test.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, login.email));
      staff = { staffUserId: user!.id, email: user!.email };
    });
    afterAll(() => test?.close());

    const deps = () => ({
      db: test.db,
      gateways: createGateways(test.config),
      log: pino({ level: 'silent' }),
    });

    async function paidOrder() {
      clock = ORDERED;
      const show = await datedShow(test.db, organisationId, 10);
      const placed = await orderShow(test.app, show, 3);
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

    function request(reference: string, ticketId: string): CancelItemsRequest {
      return {
        organisationId,
        orderReference: reference,
        choice: { tickets: [ticketId], method: 'original' },
        actor: { kind: 'staff', ...staff },
        now: clock,
      };
    }

    async function waitingOnLocks(): Promise<number> {
      const result = await test.db.execute(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      return Number((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting);
    }

    /** Runs `racers` once all of them wait behind `block`; answers how each settled. */
    async function rush<T>(block: ReturnType<typeof sql>, racers: Array<() => Promise<T>>) {
      let started: Promise<PromiseSettledResult<T>[]> | undefined;
      await test.db.transaction(async (tx) => {
        await tx.execute(block);
        started = Promise.allSettled(racers.map((racer) => racer()));
        const deadline = Date.now() + 20_000;
        while ((await waitingOnLocks()) < racers.length) {
          if (Date.now() > deadline) throw new Error('the racers never all waited on the block');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      return started!;
    }

    async function refundsOf(orderId: number) {
      return test.db.select().from(s.refunds).where(eq(s.refunds.orderId, orderId));
    }

    async function twoCancellations(lockOrder: boolean) {
      const paid = await paidOrder();
      const ticket = paid.tickets[0]!;
      const cancelOnce = () =>
        cancelOrderItems(deps(), request(paid.order.reference, ticket.id), { lockOrder });
      const results = await rush(
        sql`select 1 from ${s.orderLines} where ${s.orderLines.id} = ${paid.line.id} for update`,
        [cancelOnce, cancelOnce],
      );
      return { paid, results, refunds: await refundsOf(paid.order.id) };
    }

    it('two cancellations of the same ticket at once refund it once', async () => {
      const { paid, results, refunds } = await twoCancellations(true);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'CANCEL_ITEM_ALREADY_CANCELLED' });
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amountCents).toBe(1500);
      const [line] = await test.db.select().from(s.orderLines).where(eq(s.orderLines.id, paid.line.id));
      expect(line!.cancelledQuantity).toBe(1);
    }, 120_000);

    it('without the order lock both pass their checks and refund twice (negative control: the race is real)', async () => {
      const { results, refunds } = await twoCancellations(false);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(refunds).toHaveLength(2);
    }, 120_000);

    async function cancelAndScan(lockOrder: boolean) {
      const paid = await paidOrder();
      const ticket = paid.tickets[0]!;
      clock = SHOW_TIME;
      // Logged in on the show's day: a session from the ordering day has lapsed.
      const door = (await staffLogin(test.app, test.db, organisationId, 'Door', 'door')).headers;
      const results = await rush(
        sql`select 1 from ${s.tickets} where ${s.tickets.id} = ${ticket.id} for update`,
        [
          async () => {
            await cancelOrderItems(deps(), request(paid.order.reference, ticket.id), { lockOrder });
            return 'CANCELLED_BY_STAFF';
          },
          async () => {
            const response = await test.app.inject({
              method: 'POST',
              url: '/api/staff/scans',
              headers: door,
              payload: { code: ticket.secret },
            });
            return response.json<{ result: string }>().result;
          },
        ],
      );
      const admitted = await test.db
        .select()
        .from(s.admissions)
        .where(and(eq(s.admissions.ticketId, ticket.id), isNull(s.admissions.undoneAt)));
      const [after] = await test.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
      return { results, admitted: admitted.length > 0, cancelled: after!.cancelledAt !== null, paid };
    }

    it('a cancellation and a door scan of the same ticket at once: admitted and kept, or cancelled and refused', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { results, admitted, cancelled, paid } = await cancelAndScan(true);
        expect(admitted !== cancelled).toBe(true);
        const [cancellation, scan] = results;
        if (admitted) {
          expect(scan).toMatchObject({ status: 'fulfilled', value: 'VALID' });
          expect(cancellation).toMatchObject({
            status: 'rejected',
            reason: expect.objectContaining({ code: 'CANCEL_TICKET_ADMITTED' }),
          });
          expect(await refundsOf(paid.order.id)).toHaveLength(0);
        } else {
          expect(cancellation).toMatchObject({ status: 'fulfilled' });
          expect(scan).toMatchObject({ status: 'fulfilled', value: 'CANCELLED' });
          expect(await refundsOf(paid.order.id)).toHaveLength(1);
        }
      }
    }, 120_000);

    it('without the order lock the ticket ends both let in and cancelled (negative control)', async () => {
      const { results, admitted, cancelled } = await cancelAndScan(false);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(admitted && cancelled).toBe(true);
    }, 120_000);
  },
);
