/**
 * Decision 0050: a server killed with SIGKILL after it committed payments
 * and before their tickets mails went out loses none of them: a restarted
 * server sends every one. Real child processes on native PostgreSQL (a
 * PGlite folder is one process's, and a killed one is not for sharing).
 * The mail server hangs while the first process runs, so no mail can leave
 * it before the kill, however the work inside it is scheduled.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../testing/fixtures.ts';
import { spawnServer, waitUntilHealthy, type ChildServer } from '../testing/child-server.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/fake-smtp.ts';

const ORDERS = 12;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'tickets mails survive a crash (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let smtp: FakeSmtp;
    const servers: ChildServer[] = [];

    beforeAll(async () => {
      database = await openTestDatabase();
      smtp = await startFakeSmtp();
    });
    afterAll(async () => {
      for (const server of servers) await server.kill('SIGKILL');
      await smtp?.close();
      await database?.close();
    });

    function start(): Promise<ChildServer> {
      return spawnServer({
        NODE_ENV: 'production',
        ALLOW_TEST_GATEWAY: 'true',
        DATABASE_URL: database.url!,
        SMTP_URL: smtp.url,
      }).then((server) => {
        servers.push(server);
        return server;
      });
    }

    it('a restarted server sends every tickets mail the killed one had not sent', async () => {
      const { db } = database;
      const organisation = await createOrganisation(db, { holdMinutes: 60, name: 'Crash Museum' });
      const product = await createProduct(db, organisation.id, { priceCents: 1000 });
      const plot = await createPlot(db, product.id, { capacity: 100 });

      smtp.hold();
      const first = await start();
      await waitUntilHealthy(first);
      const emails = Array.from({ length: ORDERS }, (_, n) => `buyer${n}@crash.example`);
      const placed = await Promise.all(
        emails.map(async (email) => {
          const response = await fetch(`${first.baseUrl}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              action: 'pay',
              customer: { first_name: 'Crash', last_name: 'Test', email, fields: {} },
              orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
            }),
          });
          expect(response.status).toBe(200);
          return ((await response.json()) as { response: { orders: { payment: { hash: string } }[] } })
            .response.orders[0]!.payment.hash;
        }),
      );
      // Pay them all; an answer may never come (the mail server hangs), so nothing waits for one.
      for (const hash of placed) {
        fetch(`${first.baseUrl}/pay/test/${hash}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'action=pay',
          redirect: 'manual',
        }).catch(() => undefined);
      }
      const orderIds = await vi.waitFor(
        async () => {
          const paid = await db
            .select({ id: s.orders.id })
            .from(s.orders)
            .where(and(eq(s.orders.organisationId, organisation.id), eq(s.orders.status, 'PAID')));
          expect(paid).toHaveLength(ORDERS);
          return paid.map((row) => row.id);
        },
        { timeout: 60_000, interval: 100 },
      );
      const tickets = await db.select().from(s.tickets).where(inArray(s.tickets.orderId, orderIds));
      expect(tickets).toHaveLength(ORDERS);
      expect(smtp.deliveries).toHaveLength(0);

      await first.kill('SIGKILL');
      smtp.serve();
      const second = await start();
      await waitUntilHealthy(second);
      await vi.waitFor(
        () => {
          const recipients = smtp.deliveries.flatMap((delivery) => delivery.to);
          for (const email of emails) expect(recipients).toContain(`<${email}>`);
        },
        { timeout: 120_000, interval: 250 },
      );
      // Each mail went once: none had reached the mail server before the crash.
      expect(smtp.deliveries).toHaveLength(ORDERS);
      await second.kill('SIGTERM');
    }, 300_000);
  },
);
