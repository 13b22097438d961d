/**
 * Exactly once at the door (decision 0091), proven on native PostgreSQL:
 * PGlite has one connection, so scans there never overlap. Ten scanners
 * read the same code at the same moment. To make "the same moment"
 * deterministic, a blocking transaction holds the ticket (or pass) row
 * FOR UPDATE: every scan passes its "already admitted?" read and then waits
 * in its admission insert (whose foreign-key check needs that row) until all
 * ten are waiting; then the block is released and they race. The negative
 * control drops the partial unique index and shows the race is real: then
 * every scanner lets the visitor in.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation, createSubscription } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { clientPass, paidTickets, staffLogin } from './staff-fixtures.ts';

const SCANNERS = 10;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'admitted once under concurrent scans (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let organisationId: number;
    let scanners: Array<Record<string, string>>;

    beforeAll(async () => {
      test = await createTestApp();
      organisationId = (await createOrganisation(test.db)).id;
      scanners = [];
      for (let i = 0; i < SCANNERS; i += 1) {
        scanners.push((await staffLogin(test.app, test.db, organisationId, `Scanner ${i}`)).headers);
      }
    });
    afterAll(() => test?.close());

    async function waitingOnLocks(): Promise<number> {
      const result = await test.db.execute(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
      return Number((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting);
    }

    /** Ten scans of `code` released together once all wait behind `block`; answers their results. */
    async function rush(code: string, block: ReturnType<typeof sql>): Promise<string[]> {
      let scans: Promise<string[]> | undefined;
      await test.db.transaction(async (tx) => {
        await tx.execute(block);
        scans = Promise.all(
          scanners.map(async (headers) => {
            const response = await test.app.inject({
              method: 'POST',
              url: '/api/staff/scans',
              headers,
              payload: { code },
            });
            return response.json<{ result: string }>().result;
          }),
        );
        const deadline = Date.now() + 60_000;
        while ((await waitingOnLocks()) < SCANNERS) {
          if (Date.now() > deadline) throw new Error('the scans never all waited on the block');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      return scans!;
    }

    const count = (results: string[], result: string) => results.filter((r) => r === result).length;

    it('lets a ticket in exactly once when ten scanners read it at the same moment', async () => {
      const { tickets } = await paidTickets(test.db, organisationId, { date: null });
      const ticket = tickets[0]!;
      const results = await rush(
        ticket.secret,
        sql`select 1 from ${s.tickets} where ${s.tickets.id} = ${ticket.id} for update`,
      );
      expect(count(results, 'VALID')).toBe(1);
      expect(count(results, 'ALREADY_USED')).toBe(SCANNERS - 1);
      const rows = await test.db.select().from(s.admissions).where(eq(s.admissions.ticketId, ticket.id));
      expect(rows).toHaveLength(1);
    }, 120_000);

    it('lets a pass holder in once and takes one redemption when ten scanners read the pass at once', async () => {
      const client = await createClient(test.db, organisationId);
      const subscription = await createSubscription(test.db, organisationId);
      const { pass, holding } = await clientPass(test.db, client.id, subscription.id, 5);
      const results = await rush(
        pass.secret,
        sql`select 1 from ${s.subscriptionPasses} where ${s.subscriptionPasses.id} = ${pass.id} for update`,
      );
      expect(count(results, 'VALID')).toBe(1);
      expect(count(results, 'ALREADY_USED')).toBe(SCANNERS - 1);
      const [after] = await test.db
        .select()
        .from(s.clientSubscriptions)
        .where(eq(s.clientSubscriptions.id, holding.id));
      expect(after!.availableRedemptions).toBe(4);
    }, 120_000);

    it('lets the visitor in at every scanner without the unique index (negative control: the race is real)', async () => {
      await test.db.execute(sql`drop index admissions_ticket_once_idx`);
      const { tickets } = await paidTickets(test.db, organisationId, { date: null });
      const ticket = tickets[0]!;
      const results = await rush(
        ticket.secret,
        sql`select 1 from ${s.tickets} where ${s.tickets.id} = ${ticket.id} for update`,
      );
      expect(count(results, 'VALID')).toBeGreaterThan(1);
    }, 120_000);
  },
);
