import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedShow, orderShow, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { escapeHtml, htmlMail, inkOn, textToHtml } from './html-mail.ts';
import { toMailOptions } from './mail-options.ts';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';

/** The message as it goes over the wire (what SMTP would send), as text. */
async function raw(options: nodemailer.SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(options);
  return (info.message as Buffer).toString('utf8');
}

describe('the HTML part of a mail (decision 0251)', () => {
  it('escapes every value and keeps links, paragraphs and lists', () => {
    const html = textToHtml(
      'Dear <b>Ada</b> & "Bob",\n\nSee https://shop.example/a?x=1&y=<2>.\n  indented\n\n- one\n- two <i>',
    );
    expect(html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Bob&quot;,');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('<a href="https://shop.example/a?x=1&amp;y=" ');
    expect(html).toContain('&nbsp;&nbsp;indented');
    expect(html).toMatch(/<ul[^>]*><li[^>]*>one<\/li><li[^>]*>two &lt;i&gt;<\/li><\/ul>/);
    expect(html.match(/<p /g)).toHaveLength(2);
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('is a whole document in the mail’s language, with the logo’s alt text and a readable ink on the colour', () => {
    const html = htmlMail({
      subject: 'Your <tickets>',
      text: 'Hello',
      language: 'nl',
      shop: {
        name: 'Zoo "Demo"',
        colour: '#ffeb3b',
        logoUrl: 'https://shop.example/media/logo.png?a=1&b=2',
        address: 'Laan 1\n1234 AB Stad',
        email: 'info@zoo.example',
      },
    });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="nl"/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Your &lt;tickets&gt;</title>');
    expect(html).toContain('<h1 style="');
    expect(html).toContain(
      '<img src="https://shop.example/media/logo.png?a=1&amp;b=2" alt="Zoo &quot;Demo&quot;"',
    );
    expect(html).toContain('background-color:#ffeb3b');
    expect(html).toContain('Laan 1<br>1234 AB Stad');
    // Layout tables are marked so screen readers skip them; none carries data.
    expect(html.match(/<table /g)!.length).toBe(html.match(/<table role="presentation"/g)!.length);
    expect(inkOn('ffeb3b')).toBe('#111111');
    expect(inkOn('1a237e')).toBe('#ffffff');
  });
});

describe('every mail has a text and an HTML part and comes from the shop', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp(
      { PUBLIC_URL: 'https://shop.example', MAIL_FROM: 'shop@kassa.example' },
      { now: () => new Date('2026-06-01T10:00:00Z'), mailer },
    );
  });
  afterAll(() => test.close());

  it('sends the tickets mail as multipart/alternative in the shop’s colour and logo, from "Zoo Demo"', async () => {
    const organisation = await createOrganisation(test.db, {
      name: 'Zoo Demo',
      email: 'info@zoo.example',
      themeColour: '#0b6e4f',
      logo: '/media/zoo-logo.png',
    });
    const show = await datedShow(test.db, organisation.id, 10, {
      title: { en: 'Night <walk> & "talk"' },
    });
    const placed = await orderShow(test.app, show, 1);
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.attachments?.length)!;
    expect(mail.text).toContain('Night <walk> & "talk"');
    expect(mail.html).toContain('Night &lt;walk&gt; &amp; &quot;talk&quot;');
    expect(mail.html).not.toContain('<walk>');
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain('src="https://shop.example/media/zoo-logo.png" alt="Zoo Demo"');
    expect(mail.html).toContain('background-color:#0b6e4f');
    // Every paragraph of the text is in the HTML part.
    for (const line of mail.text.split('\n').filter((text) => text.trim().length > 3)) {
      expect(mail.html).toContain(
        escapeHtml(line.trim())
          .replace(/https?:\/\/\S+/g, '')
          .trim()
          .slice(0, 20),
      );
    }

    const message = await raw(toMailOptions(mail, test.config.mailFrom));
    expect(message).toMatch(/^From: Zoo Demo <shop@kassa\.example>$/m);
    expect(message).toMatch(/^Reply-To: Zoo Demo <info@zoo\.example>$/m);
    expect(message).toMatch(/Content-Type: multipart\/mixed/);
    expect(message).toMatch(/Content-Type: multipart\/alternative/);
    expect(message).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(message).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(message).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
  });
});
