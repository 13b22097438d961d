import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage, type Show } from './payment-fixtures.ts';

describe('send my tickets again (POST /api/orders/{hash}/tickets/resend)', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let show: Show;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp(
      { PUBLIC_URL: 'https://shop.example' },
      { now: () => new Date('2026-06-01T10:00:00Z'), mailer },
    );
    const organisation = await createOrganisation(test.db, { name: 'Resend Museum' });
    show = await datedShow(test.db, organisation.id, 50);
  });
  afterAll(() => test?.close());

  const resend = (hash: string) =>
    test.app.inject({ method: 'POST', url: `/api/orders/${hash}/tickets/resend` });

  it('queues the tickets mail of a paid order again, to the order address, three times an hour at most', async () => {
    const placed = await orderShow(test.app, show, 2);
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);

    const again = await resend(placed.order.hash);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    expect(await test.deliverMail()).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1]!.to).toEqual(mailer.sent[0]!.to);
    expect(mailer.sent[1]!.subject).toBe(mailer.sent[0]!.subject);
    expect(mailer.sent[1]!.attachments![0]!.filename).toMatch(/^tickets-\d+\.pdf$/);

    expect((await resend(placed.order.hash)).statusCode).toBe(200);
    expect((await resend(placed.order.hash)).statusCode).toBe(200);
    const limited = await resend(placed.order.hash);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await test.deliverMail()).toMatchObject({ sent: 2 });
  });

  it('refuses an order without tickets and an unknown link', async () => {
    const pending = await orderShow(test.app, show, 1);
    const refused = await resend(pending.order.hash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TICKETS_NOT_AVAILABLE');
    expect((await resend('no-such-order')).statusCode).toBe(404);
    expect(await test.deliverMail()).toMatchObject({ sent: 0 });
  });
});
