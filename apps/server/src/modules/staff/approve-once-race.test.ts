/**
 * Two managers approving the same refund request at once (decision 0239),
 * on native PostgreSQL (PGlite has one connection, so nothing overlaps
 * there). Both have read the request while it was open, as two browsers
 * showing the inbox would; the claim — a conditional update from `open` —
 * lets one approval through and answers the other REQUEST_DECIDED. The
 * request asks for one ticket of the line, so two approvals that both got
 * through would each cancel and refund one: the negative control, without
 * the claim, shows exactly that.
 */
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import type { AppError } from '../../lib/errors.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage } from '../payments/payment-fixtures.ts';
import { approveRequest } from './request-approval.ts';
import { staffLogin } from './staff-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date('2026-06-01T10:00:00Z');

describe.skipIf(!onPostgres)(
  'two approvals of one request at once (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let organisationId: number;
    const managers: { id: number; email: string }[] = [];

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => NOW });
      organisationId = (await createOrganisation(test.db, { holdMinutes: 15 })).id;
      for (const name of ['Mia Manager', 'Max Manager']) {
        const login = await staffLogin(test.app, test.db, organisationId, name, 'manager');
        const [user] = await test.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, login.email));
        managers.push({ id: user!.id, email: user!.email });
      }
    });
    afterAll(() => test?.close());

    async function race(claim: boolean) {
      const show = await datedShow(test.db, organisationId, 10);
      const placed = await orderShow(test.app, show, 3);
      await pressTestPage(test.app, placed.payment!.hash, 'pay');
      const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
      const [line] = await test.db
        .select()
        .from(s.orderLines)
        .where(and(eq(s.orderLines.orderId, order!.id), eq(s.orderLines.kind, 'PRODUCT')));
      const [request] = await test.db
        .insert(s.staffRequests)
        .values({
          organisationId,
          orderId: order!.id,
          orderNumber: order!.reference,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.test',
          message: 'Please refund one ticket',
          language: 'en',
          createdAt: NOW,
        })
        .returning();
      const deps = { db: test.db, gateways: createGateways(test.config), log: pino({ level: 'silent' }) };
      // Both read the request while it is open.
      const seen = { id: request!.id, status: 'open', orderId: order!.id, orderReference: order!.reference };
      const approve = (staff: { id: number; email: string }) =>
        approveRequest(
          deps,
          {
            organisationId,
            request: seen,
            staff,
            actor: { kind: 'staff', staffUserId: staff.id, email: staff.email },
            body: { lines: [{ id: line!.id, quantity: 1 }], refund: 'original' },
            now: NOW,
          },
          { claim },
        );
      const outcomes = await Promise.allSettled(managers.map(approve));
      const refunds = await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, order!.id));
      const [after] = await test.db.select().from(s.orderLines).where(eq(s.orderLines.id, line!.id));
      return { outcomes, refunds, cancelled: after!.cancelledQuantity };
    }

    it('one approval cancels and refunds one ticket; the other answers REQUEST_DECIDED', async () => {
      const { outcomes, refunds, cancelled } = await race(true);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [refused] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(((refused as PromiseRejectedResult).reason as AppError).code).toBe('REQUEST_DECIDED');
      expect(refunds).toHaveLength(1);
      expect(cancelled).toBe(1);
    });

    it('without the claim both approvals cancel a ticket and refund it (negative control)', async () => {
      const { outcomes, refunds, cancelled } = await race(false);
      expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
      expect(refunds).toHaveLength(2);
      expect(cancelled).toBe(2);
    });
  },
);
