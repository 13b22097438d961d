import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, outboxFolder } from '../../mail/create-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('refund request mail without SMTP', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kassa-refund-'));
    // The mailer buildApp would create from config with SMTP_URL unset and DATA_DIR=dataDir.
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Kassa <shop@kassa.localhost>', dataDir });
    t = await createTestApp({}, { mailer });
    await createOrganisation(t.db, { name: 'Museum', email: 'staff@museum.example' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lands in the outbox as an .eml with the fields, and typed line breaks never reach a header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/faq/mail',
      payload: {
        first_name: 'Jan\r\nBcc: victim@example.test',
        last_name: 'de Vries',
        adress: 'jan@example.com',
        order_number: '10234',
        comment: 'Line one\nLine two',
      },
    });
    expect(response.statusCode).toBe(200);
    // The request to the shop, and the visitor's confirmation.
    expect(await t.deliverMail()).toMatchObject({ sent: 2 });
    const files = await readdir(outboxFolder(dataDir));
    expect(files).toHaveLength(2);
    const emls = await Promise.all(
      files.map((file) => readFile(path.join(outboxFolder(dataDir), file), 'utf8')),
    );
    const eml = emls.find((text) => /^To: Museum </m.test(text)) ?? '';
    const copy = emls.find((text) => /^To: jan@example\.com$/m.test(text)) ?? '';
    expect(copy).toMatch(/^Reply-To: Museum <staff@museum\.example>$/m);
    expect(copy).not.toMatch(/Bcc|victim/);
    const [folded, ...body] = eml.split('\n\n');
    // Long headers are folded onto continuation lines (RFC 5322 §2.2.3); read them unfolded.
    const headers = folded!.replace(/\n[ \t]+/g, ' ');
    // From MAIL_FROM's address under the shop's name (decision 0251).
    expect(headers).toMatch(/^From: Museum <shop@kassa\.localhost>$/m);
    expect(headers).toMatch(/^To: Museum <staff@museum\.example>$/m);
    expect(headers).toMatch(/^Reply-To: "?Jan Bcc: victim@example\.test de Vries"? <jan@example\.com>$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(
      /^Subject: Refund request for order 10234 from Jan Bcc: victim@example\.test de Vries$/m,
    );
    expect(body.join('\n\n')).toContain('Line one\nLine two');
  });
});
