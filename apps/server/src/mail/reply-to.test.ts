import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedShow, orderShow, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';
import { toMailOptions } from './mail-options.ts';

/**
 * A visitor answering a shop's mail reaches the shop (decision 0188): the
 * mail goes out from MAIL_FROM, with the shop's contact address as Reply-To.
 */
describe("mails answer to the shop's contact address", () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z'), mailer });
  });
  afterAll(() => test.close());

  it('sets Reply-To on the tickets mail to the e-mail address of the catalogue', async () => {
    const organisation = await createOrganisation(test.db, {
      name: 'Schouwburg',
      email: 'info@schouwburg.example',
    });
    const show = await datedShow(test.db, organisation.id, 10);
    const placed = await orderShow(test.app, show, 1);
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.attachments?.length);
    expect(mail?.replyTo).toEqual({ name: 'Schouwburg', address: 'info@schouwburg.example' });
    const options = toMailOptions(mail!, test.config.mailFrom);
    expect(options.replyTo).toEqual({ name: 'Schouwburg', address: 'info@schouwburg.example' });
    // From MAIL_FROM's address, under the shop's name (decision 0251).
    expect(options.from).toEqual({
      name: 'Schouwburg',
      address: test.config.mailFrom.replace(/^.*<|>$/g, ''),
    });
  });
});
