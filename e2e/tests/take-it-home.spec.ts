/**
 * Take the visit home (decision 0250): the tickets mail carries an .ics,
 * and the return page's "Add to calendar" downloads the same, in the
 * visitor's language; both name the slot's time in the shop's time zone.
 * Orders are placed through the API, the way the storefront places them.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { Plot } from '@kassa/domain/contract/plots';
import ical, { type VEvent } from 'node-ical';
import { expect, screenshot, test } from '../fixtures.ts';
import { mailTo } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

function events(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((item): item is VEvent => item?.type === 'VEVENT');
}

/** The wall-clock date and time of an instant in `timeZone`: "YYYY-MM-DD HH:MM". */
function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A paid order of one ticket for the first bookable time slot of the demo shop, in `language`. */
async function paidTimeslot(request: APIRequestContext, email: string, language: string) {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  for (const summary of home.products.filter((item) => item.options.days && item.options.timeslots)) {
    const product = (await (await request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
    const plots = (await (await request.get(`/api/products/${summary.id}/plots`)).json()) as Plot[];
    const plot = plots.find(
      (candidate) =>
        candidate.date && candidate.time && candidate.selectable && (candidate.availability.amount ?? 99) > 1,
    );
    if (!plot) continue;
    const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
    const audience = product.audiences[0];
    const item = audience
      ? {
          product: { id: product.id, plot: plot.id },
          audiences: { [audience.id]: { id: audience.id, quantity: 1 } },
        }
      : { product: { id: product.id, plot: plot.id, quantity: 1 } };
    const response = await request.post('/api/orders', {
      data: {
        action: 'pay',
        language,
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email,
          fields: confirm ? { [confirm]: email } : {},
        },
        orders: [item],
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const [answer] = (await response.json()).response.orders;
    const paid = await request.post(`/pay/test/${answer.payment.hash}`, {
      form: { action: 'pay' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    return { hash: answer.order.hash as string, plot, org };
  }
  throw new Error('The demo shop has no bookable time slot');
}

/** The base64 text/calendar part of a .eml, decoded. */
function calendarPart(eml: string): string {
  const part = /Content-Type: text\/calendar[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\n]+)/.exec(eml);
  if (!part) throw new Error('no text/calendar part in the mail');
  return Buffer.from(part[1]!.replace(/\n/g, ''), 'base64').toString('utf8');
}

for (const language of ['en', 'nl'] as const) {
  test(`the visit goes into the calendar at the shop's time (${language})`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const email = `ics-${language}-${Date.now()}@example.org`;
    const { hash, plot, org } = await paidTimeslot(page.request, email, language);
    const expected = `${plot.date} ${plot.time!.start}`;

    // The tickets mail: HTML beside the text, and the .ics attached.
    const eml = await mailTo(email, 'text/calendar');
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).toContain('Content-Type: text/html');
    const [mailed] = events(calendarPart(eml));
    expect(wallClock(mailed!.start, org.time_zone)).toBe(expected);
    expect(mailed!.start.tz).toBe(org.time_zone);

    // The return page, in the visitor's language: "Add to calendar" downloads the same visit.
    await page.goto(`/checkout/return/${hash}?lang=${language}`);
    const link = page.getByRole('link', {
      name: (language === 'nl' ? dutch : text)('checkoutReturn.add_to_calendar'),
    });
    await expect(link).toBeVisible();
    await expectAccessible();
    await screenshot(page, `return-add-to-calendar-${language}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^visit-\d+\.ics$/);
    const [downloaded] = events(await readFile(await download.path(), 'utf8'));
    expect(wallClock(downloaded!.start, org.time_zone)).toBe(expected);
  });
}
