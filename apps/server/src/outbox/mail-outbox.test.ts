/**
 * The mail outbox (decision 0050): jobs written with the change that causes
 * them, sent by a worker with retries and backoff, claimed with SKIP LOCKED
 * so several instances share them, and taken over after a worker dies.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../db/schema.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { startFakeSmtp, type FakeSmtp } from '../mail/fakes/fake-smtp.ts';
import type { MailMessage, Mailer } from '../mail/mail-message.ts';
import { createRecordingMailer } from '../mail/recording-mailer.ts';
import { datedShow, orderShow, pressTestPage, type Show } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { enqueueMail } from './enqueue-mail.ts';
import { claimMailJobs, MAIL_LEASE_MS, MAX_MAIL_ATTEMPTS, retryDelayMs } from './mail-jobs.ts';
import { startMailWorker } from './mail-worker.ts';
import { sendDueMail } from './send-due-mail.ts';
import { refundRequestMailKind } from '../modules/faq/refund-request-mail-kind.ts';
import { ticketsMailKind } from '../tickets/tickets-mail-kind.ts';
import { MAIL_KINDS } from '../wiring/mail-kinds.ts';

const START = new Date('2026-06-01T10:00:00Z');
const silent = pino({ level: 'silent' });
const later = (ms: number) => new Date(START.getTime() + ms);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function refundMail(n: number) {
  return {
    kind: refundRequestMailKind,
    payload: {
      shop: { name: 'Museum', email: 'staff@museum.example' },
      request: {
        firstName: 'Visitor',
        lastName: String(n),
        email: `visitor${n}@example.test`,
        orderNumber: String(n),
        comment: '',
        language: 'en',
      },
    },
  };
}

/** A mailer whose next `failures` sends fail, as an SMTP server refusing would. */
function flakyMailer(failures: number): Mailer & { sent: MailMessage[] } {
  const recording = createRecordingMailer();
  let left = failures;
  return {
    sent: recording.sent,
    async send(message) {
      if (left > 0) {
        left -= 1;
        throw new Error('421 service not available');
      }
      return recording.send(message);
    },
  };
}

describe('mail outbox', () => {
  let test: TestApp;
  let show: Show;
  let smtp: FakeSmtp;
  let clock = START;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    // The app mails through a real (fake) SMTP server, as a shop with SMTP_URL does.
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Shop <shop@example.test>',
      dataDir: '/none',
    });
    test = await createTestApp({}, { now: () => clock, mailer });
    const organisation = await createOrganisation(test.db, { holdMinutes: 15 });
    show = await datedShow(test.db, organisation.id, 50);
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  const jobs = () => test.db.select().from(s.mailJobs).orderBy(s.mailJobs.id);
  const clear = () => test.db.delete(s.mailJobs);

  it('keeps a tickets mail the SMTP server refused and sends it on a later try', async () => {
    await clear();
    clock = START;
    smtp.refuse();
    const placed = await orderShow(test.app, show, 1);
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    expect(await test.deliverMail()).toEqual({ sent: 0, skipped: 0, failed: 1 });
    const [failed] = await jobs();
    expect(failed).toMatchObject({
      kind: 'TICKETS',
      status: 'PENDING',
      attempts: 1,
      nextAttemptAt: later(retryDelayMs(1)),
    });
    expect(failed!.lastError).toMatch(/421/);
    smtp.serve();
    // Not before its backoff has passed…
    expect(await test.deliverMail()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    clock = later(retryDelayMs(1));
    expect(await test.deliverMail()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const [sent] = await jobs();
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, sentAt: clock });
    expect(smtp.deliveries.at(-1)!.to).toEqual(['<ada@example.test>']);
    expect(smtp.deliveries.at(-1)!.data).toContain(`Message-ID: ${sent!.messageId}`);
  });

  it('backs off 10 s, 30 s, 90 s … at most an hour, and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 30_000, 90_000, 270_000]);
    expect(retryDelayMs(MAX_MAIL_ATTEMPTS)).toBe(3_600_000);
    await clear();
    await enqueueMail(test.db, refundMail(1), START);
    const mailer = flakyMailer(MAX_MAIL_ATTEMPTS);
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    let at = START;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      expect(await sendDueMail({ db: test.db, mailer, log, kinds: MAIL_KINDS }, () => at)).toMatchObject({
        failed: 1,
      });
      at = new Date(at.getTime() + retryDelayMs(attempt));
    }
    const [job] = await jobs();
    expect(job).toMatchObject({ status: 'FAILED', attempts: MAX_MAIL_ATTEMPTS });
    expect(
      await sendDueMail({ db: test.db, mailer, log, kinds: MAIL_KINDS }, () => later(48 * 3_600_000)),
    ).toMatchObject({
      failed: 0,
      sent: 0,
    });
    expect(lines.at(-1)!.msg).toMatch(/given up/);
    expect(mailer.sent).toHaveLength(0);
  });

  it('takes over a job whose worker died mid-send once its lease ends, not before', async () => {
    await clear();
    await enqueueMail(test.db, refundMail(2), START);
    // A worker claims it and dies (never reports back).
    expect(await claimMailJobs(test.db, START, 5)).toHaveLength(1);
    const mailer = createRecordingMailer();
    const delivery = { db: test.db, mailer, log: silent, kinds: MAIL_KINDS };
    expect(await sendDueMail(delivery, () => later(MAIL_LEASE_MS - 1))).toMatchObject({ sent: 0 });
    expect(await sendDueMail(delivery, () => later(MAIL_LEASE_MS))).toMatchObject({ sent: 1 });
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('order 2 from Visitor 2'),
    ]);
  });

  it('skips a job with nothing to send, and fails one whose payload is not valid at once', async () => {
    await clear();
    await enqueueMail(test.db, { kind: ticketsMailKind, payload: { orderId: 999_999, baseUrl: '' } }, START);
    await test.db
      .insert(s.mailJobs)
      .values({ kind: 'TICKETS', payload: { orderId: 'x' }, nextAttemptAt: START });
    await test.db.insert(s.mailJobs).values({ kind: 'NO_SUCH_KIND', payload: {}, nextAttemptAt: START });
    const mailer = createRecordingMailer();
    expect(await sendDueMail({ db: test.db, mailer, log: silent, kinds: MAIL_KINDS }, () => START)).toEqual({
      sent: 0,
      skipped: 1,
      failed: 2,
    });
    expect((await jobs()).map((job) => [job.status, job.attempts])).toEqual([
      ['SKIPPED', 1],
      ['FAILED', 1],
      // A kind this version does not know may be a newer instance's: tried again later.
      ['PENDING', 1],
    ]);
    await expect(
      enqueueMail(test.db, { kind: ticketsMailKind, payload: { orderId: -1, baseUrl: '' } }, START),
    ).rejects.toThrow();
  });

  it('writes one first tickets mail per order however often it is enqueued (dedupe key)', async () => {
    await clear();
    const job = { ...refundMail(3), dedupeKey: 'ONCE:3' };
    expect(await enqueueMail(test.db, job, START)).toBe(true);
    expect(await enqueueMail(test.db, job, START)).toBe(false);
    expect(await jobs()).toHaveLength(1);
  });

  it('the worker main.ts starts sends on its timer and stops cleanly', async () => {
    await clear();
    const mailer = createRecordingMailer();
    const worker = startMailWorker(
      { db: test.db, mailer, log: silent, kinds: MAIL_KINDS },
      { intervalMs: 50, now: () => START },
    );
    try {
      await enqueueMail(test.db, refundMail(4), START);
      await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 30_000, interval: 20 });
    } finally {
      await worker.stop();
    }
    await enqueueMail(test.db, refundMail(5), START);
    const [, second] = await jobs();
    expect(second!.status).toBe('PENDING');
    expect(mailer.sent).toHaveLength(1);
  });

  it.skipIf(!onPostgres)(
    'several workers at once send each job exactly once (native PostgreSQL)',
    async () => {
      await clear();
      for (let n = 0; n < 40; n += 1) await enqueueMail(test.db, refundMail(100 + n), START);
      const mailers = Array.from({ length: 4 }, () => createRecordingMailer());
      const results = await Promise.all(
        mailers.map((mailer) =>
          sendDueMail({ db: test.db, mailer, log: silent, kinds: MAIL_KINDS }, () => START),
        ),
      );
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(40);
      const subjects = mailers.flatMap((mailer) => mailer.sent.map((mail) => mail.subject));
      expect(new Set(subjects).size).toBe(40);
      const sent = await test.db.select().from(s.mailJobs).where(eq(s.mailJobs.status, 'SENT'));
      expect(sent).toHaveLength(40);
    },
  );
});
