import ical, { type VEvent } from 'node-ical';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, plots } from '../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../mail/recording-mailer.ts';
import { datedShow, orderShow, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

function events(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((item): item is VEvent => item?.type === 'VEVENT');
}

describe('a calendar entry for the visit (decision 0250)', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let organisationId: number;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp(
      { PUBLIC_URL: 'https://shop.example' },
      { now: () => new Date('2026-03-01T10:00:00Z'), mailer },
    );
    const organisation = await createOrganisation(test.db, {
      name: 'Zoo Demo',
      address: 'Dierentuinlaan 1\n1234 AB Amsterdam',
    });
    organisationId = organisation.id;
  });
  afterAll(() => test?.close());

  /** A paid order for one show on `date` at `start`–`end` in a shop in `timeZone`; its tickets mail sent. */
  async function paidVisit(timeZone: string, date: string, start: string, end: string | null) {
    await test.db.update(organisations).set({ timeZone }).where(eq(organisations.id, organisationId));
    const show = await datedShow(test.db, organisationId, 20);
    await test.db
      .update(plots)
      .set({ date, startTime: start, endTime: end })
      .where(eq(plots.id, show.plot.id));
    const placed = await orderShow(test.app, show, 2);
    const before = mailer.sent.length;
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    await test.deliverMail();
    const mail = mailer.sent
      .slice(before)
      .find((sent) => sent.attachments?.some((a) => a.filename.endsWith('.ics')));
    return { placed, mail };
  }

  it('rides along with the tickets mail and names the visit in the shop’s zone on the day summer time ends', async () => {
    // 25 October 2026: the Netherlands go back from +02:00 to +01:00 at 03:00.
    const { placed, mail } = await paidVisit('Europe/Amsterdam', '2026-10-25', '10:00', '12:00');
    expect(mail).toBeDefined();
    const attachment = mail!.attachments!.find((a) => a.filename.endsWith('.ics'))!;
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const ics = String(attachment.content);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('DTSTART;TZID=Europe/Amsterdam:20261025T100000');
    const [event, ...others] = events(ics);
    expect(others).toHaveLength(0);
    expect(event!.start.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(event!.end!.toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(event!.start.tz).toBe('Europe/Amsterdam');
    expect(event!.location).toBe('Dierentuinlaan 1\n1234 AB Amsterdam');
    const url = event!.url as unknown as string | { val: string };
    expect(typeof url === 'string' ? url : url.val).toBe(
      `https://shop.example/checkout/return/${placed.order.hash}?lang=en`,
    );
    expect(event!.summary).toBe('Evening show · Zoo Demo');
  });

  it('downloads from the return page, right on the day summer time starts elsewhere too', async () => {
    // 8 March 2026: New York goes from -05:00 to -04:00 at 02:00.
    const { placed } = await paidVisit('America/New_York', '2026-03-08', '14:30', null);
    const status = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.order.hash}/status` });
    const calendarUrl = status.json().response.calendarUrl as string;
    expect(calendarUrl).toBe(`/api/orders/${placed.order.hash}/calendar.ics`);
    const download = await test.app.inject({ method: 'GET', url: calendarUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/calendar/);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="visit-\d+\.ics"/);
    const [event] = events(download.body);
    expect(event!.start.toISOString()).toBe('2026-03-08T18:30:00.000Z');
    expect(event!.start.tz).toBe('America/New_York');
  });

  it('has nothing to give before the order is paid', async () => {
    const show = await datedShow(test.db, organisationId, 5);
    const placed = await orderShow(test.app, show, 1);
    const status = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.order.hash}/status` });
    expect(status.json().response.calendarUrl).toBeNull();
    const refused = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.hash}/calendar.ics`,
    });
    expect(refused.statusCode).toBe(409);
    expect((await test.app.inject({ method: 'GET', url: '/api/orders/nope/calendar.ics' })).statusCode).toBe(
      404,
    );
  });
});
