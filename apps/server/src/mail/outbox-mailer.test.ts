import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, outboxFolder } from './create-mailer.ts';
import { createOutboxMailer, outboxFileName } from './outbox-mailer.ts';

describe('outbox mailer', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kassa-outbox-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  async function readOutbox(): Promise<string[]> {
    const folder = outboxFolder(dataDir);
    const files = (await readdir(folder)).sort();
    return Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')));
  }

  it('writes each message as an .eml file in <dataDir>/outbox when no SMTP is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Shop <shop@example.test>', dataDir });
    const sent = await mailer.send({
      to: { name: 'Museum', address: 'museum@example.test' },
      replyTo: 'visitor@example.test',
      subject: 'Refund request',
      text: 'Please refund order 12.',
      attachments: [{ filename: 'note.txt', content: 'attached text', contentType: 'text/plain' }],
    });
    const files = await readdir(outboxFolder(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
    const [eml] = await readOutbox();
    expect(eml).toContain(`Message-ID: ${sent.messageId}`);
    expect(eml).toMatch(/^From: Shop <shop@example\.test>$/m);
    expect(eml).toMatch(/^To: Museum <museum@example\.test>$/m);
    expect(eml).toMatch(/^Reply-To: visitor@example\.test$/m);
    expect(eml).toMatch(/^Subject: Refund request$/m);
    expect(eml).toContain('Please refund order 12.');
    expect(eml).toContain('filename=note.txt');
  });

  it('moves each file in whole: a reader of the folder never sees half a message', async () => {
    const folder = outboxFolder(dataDir);
    const mailer = createOutboxMailer(folder, 'shop@example.test');
    const big = 'x'.repeat(4 * 1024 * 1024);
    const seen: string[] = [];
    let sending = true;
    // Reads the folder as fast as it can while big messages are written.
    const reader = (async () => {
      while (sending) {
        for (const file of await readdir(folder).catch(() => [] as string[]))
          seen.push(await readFile(path.join(folder, file), 'utf8'));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      [1, 2, 3].map((n) =>
        mailer.send({
          to: 'museum@example.test',
          subject: `Big ${n}`,
          text: 'body',
          attachments: [{ filename: 'big.txt', content: big, contentType: 'text/plain' }],
        }),
      ),
    );
    sending = false;
    await reader;
    const whole = await readOutbox();
    expect(whole).toHaveLength(3);
    for (const read of seen) expect(whole).toContain(read);
  });

  it('keeps line breaks out of headers, so typed text cannot add a header', async () => {
    const mailer = createOutboxMailer(outboxFolder(dataDir), 'shop@example.test');
    await mailer.send({
      to: 'museum@example.test',
      replyTo: { name: 'Jan\r\nBcc: victim@example.test', address: 'jan@example.test' },
      subject: 'Refund\r\nBcc: victim@example.test\nX-Evil: 1',
      text: 'body',
    });
    const [eml] = await readOutbox();
    const headers = eml!.split('\n\n')[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Evil:/im);
    expect(headers).toMatch(/^Subject: Refund Bcc: victim@example\.test X-Evil: 1$/m);
  });

  it('names files by time and message id, safe for any file system', () => {
    expect(outboxFileName(new Date('2026-11-22T06:30:00.123Z'), '<a1b2/c3@kassa.localhost>')).toBe(
      '2026-11-22T06-30-00-123Z_a1b2_c3_kassa.localhost.eml',
    );
  });
});
