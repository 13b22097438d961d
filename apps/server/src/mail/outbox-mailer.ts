import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mail-message.ts';
import { toMailOptions } from './mail-options.ts';

/**
 * A mailer for shops without SMTP: each message is written to `folder` as an
 * .eml file (open it in any mail client), so a fresh install loses no mail.
 * The file is written beside the folder first and then moved in, so whoever
 * reads the folder (a mail client, a test) never sees half a message.
 */
export function createOutboxMailer(folder: string, from: string, now: () => Date = () => new Date()): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(toMailOptions(message, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not buffer the message');
      const name = outboxFileName(now(), info.messageId);
      const writing = path.join(path.dirname(folder), `.${path.basename(folder)}-writing`);
      await mkdir(folder, { recursive: true });
      await mkdir(writing, { recursive: true });
      await writeFile(path.join(writing, name), info.message, { flag: 'wx' });
      await rename(path.join(writing, name), path.join(folder, name));
      return { messageId: info.messageId };
    },
  };
}

/** `2026-11-22T06-30-00-123Z_<message id>.eml`: sorts by time, unique by id. */
export function outboxFileName(at: Date, messageId: string): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const id = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
  return `${stamp}_${id}.eml`;
}
