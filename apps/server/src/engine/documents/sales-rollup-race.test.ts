/**
 * The dashboard's counts under concurrent writes (decision 0271), on native
 * PostgreSQL (a PGlite database is one connection, so nothing overlaps):
 *
 * - settlements and credit notes at once through the real path: the sales
 *   rollup equals what the documents add up to;
 * - many credit notes of one day and group added at once by the rollup's
 *   own writer, without the document counter's lock that makes today's
 *   issuers take turns: still exact, and the negative control (read the
 *   row, write it back plus the change) loses updates;
 * - tickets of one slot scanned at once at the door, then half undone at
 *   once: the slot's count of tickets let in equals its standing
 *   admissions, and the negative control loses scans.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { noShows } from '../../modules/reports/other-reports.ts';
import { datedShow, orderShow, pressTestPage, type Show } from '../../modules/payments/payment-fixtures.ts';
import { paidTickets, staffLogin } from '../../modules/staff/staff-fixtures.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addPlotAdmissions } from '../door/plot-tallies.ts';
import { issueCreditNote } from './issue-credit-note.ts';
import { addDocumentToSalesRollup } from './sales-rollup.ts';
import { documentDays, recomputedRollup, rollupDays, rollupRows } from './sales-rollup-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = 30;
const AT_ONCE = 40;

describe.skipIf(!onPostgres)(
  'the dashboard’s counts under concurrent writes (native PostgreSQL only)',
  () => {
    let test: TestApp;
    let app: App;
    let db: Db;
    let clock = new Date('2026-06-09T10:00:00Z');
    let organisationId: number;
    let show: Show;

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => clock });
      ({ app, db } = test);
      organisationId = (await createOrganisation(db, { holdMinutes: 120, name: 'Rollup Race' })).id;
      show = await datedShow(db, organisationId, 400);
    }, 120_000);
    afterAll(() => test?.close());

    /** Adds `AT_ONCE` credit notes of one unit (1.00) of `invoice`'s first line on one day, all at once. */
    async function creditNotesAtOnce(
      invoice: typeof s.invoices.$inferSelect,
      first: number,
      readModifyWrite: boolean,
    ) {
      const line = invoice.lines.find((candidate) => candidate.kind === 'CHARGE')!;
      await Promise.all(
        Array.from({ length: AT_ONCE }, (_, n) =>
          db.transaction(async (tx) => {
            const [note] = await tx
              .insert(s.creditNotes)
              .values({
                organisationId,
                invoiceId: invoice.id,
                orderId: invoice.orderId,
                number: `CN-RACE-${first + n}`,
                year: 2026,
                sequence: first + n,
                issuedAt: clock,
                issueDate: '2026-06-09',
                lines: [
                  { ...line, quantity: 1, grossCents: 100, netCents: 92, vatCents: 8, paidGrossCents: 100 },
                ],
                totals: [{ rateBp: line.rateBp, grossCents: 100, netCents: 92, vatCents: 8 }],
                grossCents: 100,
              })
              .returning({ id: s.creditNotes.id });
            await addDocumentToSalesRollup(tx, 'CREDIT_NOTE', note!.id, { readModifyWrite });
          }),
        ),
      );
    }

    it('settlements and credit notes at once: the rollup is what the documents add up to', async () => {
      const placed = [];
      for (let n = 0; n < ORDERS; n += 1) placed.push(await orderShow(app, show, 1, 1));
      const paid = await Promise.all(placed.map((order) => pressTestPage(app, order.payment!.hash, 'pay')));
      expect(paid.every((response) => response.statusCode < 400)).toBe(true);
      const invoices = await db
        .select()
        .from(s.invoices)
        .where(eq(s.invoices.organisationId, organisationId));
      expect(invoices).toHaveLength(ORDERS);
      // A credit note for one adult ticket of every order, all at once.
      const notes = await Promise.all(
        invoices.map((invoice) => {
          const adult = invoice.lines.find((line) => line.kind === 'CHARGE' && line.grossCents === 1500)!;
          return db.transaction((tx) =>
            issueCreditNote(tx, {
              organisationId,
              orderId: invoice.orderId,
              refundId: null,
              lines: [{ orderLineId: adult.orderLineId!, quantity: 1, grossCents: 1500 }],
              issuedAt: clock,
            }),
          );
        }),
      );
      expect(notes.filter(Boolean)).toHaveLength(ORDERS);
      const rows = await rollupRows(db, organisationId);
      expect(rows).toEqual(await recomputedRollup(db, organisationId));
      expect(rollupDays(rows)).toEqual(await documentDays(db, organisationId));
      const adults = rows.find(
        (row) =>
          row.document === 'INVOICE' &&
          row.dimension === 'audience' &&
          row.key === `audience:${show.adult.id}`,
      )!;
      const [tally] = await db.select().from(s.plotTallies).where(eq(s.plotTallies.plotId, show.plot.id));
    expect(tally).toMatchObject({ tickets: ORDERS * 2, admitted: 0 });
    expect(adults).toMatchObject({
        document: 'INVOICE',
        documents: ORDERS,
        tickets: ORDERS,
        gross: ORDERS * 1500,
      });
    }, 300_000);

    it(`${AT_ONCE} credit notes of one day and group added at once, without the counter's lock: exact`, async () => {
      const [invoice] = await db
        .select()
        .from(s.invoices)
        .where(eq(s.invoices.organisationId, organisationId))
        .limit(1);
      await creditNotesAtOnce(invoice!, 10_000, false);
      const rows = await rollupRows(db, organisationId);
      expect(rows).toEqual(await recomputedRollup(db, organisationId));
      expect(rollupDays(rows)).toEqual(await documentDays(db, organisationId));
    }, 120_000);

    it('negative control: read the row and write it back plus the change, and concurrent credit notes are lost', async () => {
      const [invoice] = await db
        .select()
        .from(s.invoices)
        .where(eq(s.invoices.organisationId, organisationId))
        .limit(1);
      await creditNotesAtOnce(invoice!, 20_000, true);
      const rows = await rollupRows(db, organisationId);
      expect(rows).not.toEqual(await recomputedRollup(db, organisationId));
      const days = rollupDays(rows);
      const credited = (of: typeof days) => of.find((row) => row.document === 'CREDIT_NOTE')!;
      expect(credited(days).gross).toBeLessThan(credited(await documentDays(db, organisationId)).gross);
    }, 120_000);

    /** The slot's count of tickets let in, and its standing admissions counted from the table. */
    async function admittedOf(plotId: number): Promise<{ counted: number; standing: number }> {
      const result = await db.execute(sql`
      SELECT (SELECT admitted FROM plot_tallies WHERE plot_id = ${plotId}) AS counted,
        (SELECT count(*) FROM admissions a JOIN tickets t ON t.id = a.ticket_id
          JOIN order_lines ol ON ol.id = t.order_line_id
          WHERE ol.plot_id = ${plotId} AND a.undone_at IS NULL AND a.duplicate_of IS NULL)::integer AS standing`);
      const [row] = (result as unknown as { rows: { counted: number | null; standing: number }[] }).rows;
      return { counted: Number(row!.counted ?? 0), standing: Number(row!.standing) };
    }

    it(`${AT_ONCE} tickets of one slot scanned at once, then half undone at once: the count is exact`, async () => {
      clock = new Date('2026-06-10T10:00:00Z');
      const door = await staffLogin(app, db, organisationId, 'Dee Door');
      const { plot, secrets } = await paidTickets(db, organisationId, { date: '2026-06-10' }, AT_ONCE);
      const scans = await Promise.all(
        secrets.map((code) =>
          app.inject({ method: 'POST', url: '/api/staff/scans', headers: door.headers, payload: { code } }),
        ),
      );
      expect(scans.map((scan) => scan.json().result)).toEqual(secrets.map(() => 'VALID'));
      expect(await admittedOf(plot.id)).toEqual({ counted: AT_ONCE, standing: AT_ONCE });
      const undone = await Promise.all(
        scans.slice(0, AT_ONCE / 2).map((scan) =>
          app.inject({
            method: 'POST',
            url: `/api/staff/admissions/${scan.json().admission_id}/undo`,
            headers: door.headers,
          }),
        ),
      );
      expect(undone.every((response) => response.statusCode < 300)).toBe(true);
      expect(await admittedOf(plot.id)).toEqual({ counted: AT_ONCE / 2, standing: AT_ONCE / 2 });
      const report = await noShows(
        db,
        { id: organisationId, defaultLanguage: 'en' },
        '2026-06-10',
        '2026-06-10',
        'en',
      );
      expect(report.find((row) => row.product_id === plot.productId)).toMatchObject({
        sold: AT_ONCE,
        admitted: AT_ONCE / 2,
        no_shows: AT_ONCE / 2,
      });
    }, 120_000);

    it('negative control: counting scans by read-then-write loses concurrent ones', async () => {
      const { plot, tickets } = await paidTickets(db, organisationId, { date: '2026-06-10' }, AT_ONCE);
      await Promise.all(
        tickets.map((ticket) =>
          db.transaction(async (tx) => {
            const [admission] = await tx
              .insert(s.admissions)
              .values({ organisationId, ticketId: ticket.id, day: '2026-06-10' })
              .returning({ id: s.admissions.id });
            await addPlotAdmissions(tx, 1, sql`a.id = ${admission!.id}`, { readModifyWrite: true });
          }),
        ),
      );
      const { counted, standing } = await admittedOf(plot.id);
      expect(standing).toBe(AT_ONCE);
      expect(counted).toBeLessThan(AT_ONCE);
    }, 120_000);
  },
);
