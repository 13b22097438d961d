import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/fake-smtp.ts';

describe('SMTP mailer', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());

  it('sends through the server at SMTP_URL instead of writing files', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Shop <shop@example.test>',
      dataDir: '/nonexistent',
    });
    const sent = await mailer.send({
      to: 'museum@example.test',
      replyTo: 'visitor@example.test',
      subject: 'Refund request',
      text: 'Please refund order 12.',
    });
    expect(smtp.deliveries).toHaveLength(1);
    const [delivery] = smtp.deliveries;
    expect(delivery?.from).toBe('<shop@example.test>');
    expect(delivery?.to).toEqual(['<museum@example.test>']);
    expect(delivery?.data).toContain(`Message-ID: ${sent.messageId}`);
    expect(delivery?.data).toMatch(/^Reply-To: visitor@example\.test\r?$/m);
    expect(delivery?.data).toContain('Please refund order 12.');
  });
});
