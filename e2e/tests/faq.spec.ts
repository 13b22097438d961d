import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { Faq } from '@kassa/domain/contract/faq';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

/** The seeded FAQ as the API tells it in a language, so the test copies no seed data. */
async function shopFaq(request: APIRequestContext, language: string): Promise<Faq> {
  return (await (await request.get('/api/faq', { headers: { 'Accept-Language': language } })).json()) as Faq;
}

/** Where the server writes mail without SMTP (DATA_DIR/outbox, see apps/server/src/mail). */
const outbox = path.join(process.env.KASSA_E2E_DATA_DIR ?? '', 'outbox');

async function mailContaining(needle: string): Promise<string | undefined> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const content = await readFile(path.join(outbox, file), 'utf8');
    if (content.includes(needle)) return content;
  }
  return undefined;
}

test.describe('FAQ page', () => {
  test('shows the questions as an accordion and the support cards (English)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const faq = await shopFaq(request, 'en');
    expect(faq.questions.length, 'the demo shop has FAQ questions').toBeGreaterThan(0);

    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: text('faq.title') })).toBeVisible();
    for (const { question } of faq.questions) {
      await expect(page.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'false');
    }
    const first = faq.questions[0]!;
    await page.getByRole('button', { name: first.question }).click();
    await expect(page.getByRole('region', { name: first.question })).toBeVisible();

    const support = page.getByRole('region', { name: text('faq.support_title') });
    await expect(support.getByRole('heading', { level: 3 })).toHaveText([
      text('faq.refund.card_title'),
      text('faq.rebook.card_title'),
      text('faq.contact.card_title'),
    ]);
    await expect(support.getByRole('link', { name: text('faq.rebook.card_button') })).toHaveAttribute(
      'href',
      `/rebook/${faq.rebooking_secret}`,
    );
    // The bundled illustrations load (a broken image has no natural width).
    await loadAllImages(page);
    for (const image of await support.locator('img').all()) {
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }

    await expectAccessible();
    await screenshot(page, 'faq-en');
  });

  test('the contact modal lists the shop’s details and gives focus back (Dutch)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const faq = await shopFaq(request, 'nl');
    await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: dutch('faq.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: faq.questions[0]!.question })).toBeVisible();

    const opener = page.getByRole('button', { name: dutch('faq.contact.card_button') });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: dutch('faq.contact.modal_title') });
    await expect(dialog.getByRole('link', { name: faq.phone_number! })).toHaveAttribute(
      'href',
      `tel:${faq.phone_number!.replace(/[^\d+]/g, '')}`,
    );
    await expect(dialog.getByRole('link', { name: faq.email! })).toHaveAttribute(
      'href',
      `mailto:${faq.email}`,
    );
    await expect(
      dialog.getByRole('link', { name: new RegExp(dutch('faq.contact.whatsapp_link')) }),
    ).toHaveAttribute('href', faq.whatsapp_url!);
    await expect(
      dialog.getByRole('link', { name: new RegExp(dutch('faq.contact.opening_hours_link')) }),
    ).toHaveAttribute('href', faq.opening_hours_url!);
    await expectAccessible();
    await screenshot(page, 'faq-nl-contact');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await loadAllImages(page);
    await screenshot(page, 'faq-nl');
  });

  test('a refund request is refused while invalid, then mailed to the shop and the page reloads', async ({
    page,
    expectAccessible,
  }) => {
    const sent: string[] = [];
    page.on('request', (call) => {
      if (call.url().endsWith('/api/faq/mail')) sent.push(call.method());
    });
    await page.goto('/faq');
    await page.getByRole('button', { name: text('faq.refund.card_button') }).click();
    const dialog = page.getByRole('dialog', { name: text('faq.refund.modal_title') });
    const field = (key: string) =>
      dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(text(key))}`) });
    await expect(field('faq.refund.first_name')).toBeFocused();

    // Invalid: nothing filled in but a malformed e-mail and order number.
    await field('faq.refund.email').fill('anna@example');
    await field('faq.refund.order_number').fill('12-34x');
    await dialog.getByRole('button', { name: text('faq.refund.submit') }).click();
    await expect(field('faq.refund.first_name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field('faq.refund.first_name')).toBeFocused();
    await expect(field('faq.refund.first_name')).toHaveAccessibleDescription(
      text('faq.refund.errors.first_name_required'),
    );
    await expect(field('faq.refund.email')).toHaveAccessibleDescription(
      text('faq.refund.errors.email_invalid'),
    );
    // The hint and the message show an order number as the shop prints it (decision 0104).
    await expect(field('faq.refund.order_number')).toHaveAccessibleDescription(
      new RegExp(
        escapeRegExp(text('faq.refund.errors.order_number_invalid').replace('{{example}}', '1234 5678 906')),
      ),
    );
    await expect(field('faq.refund.comment')).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await screenshot(page, 'faq-refund-invalid');
    expect(sent, 'an invalid form is not sent').toEqual([]);

    // Valid: the server accepts it, mails the shop and the page reloads with a thank-you.
    // Typed as printed on the confirmation mail: grouped by spaces.
    const orderNumber = String(Date.now()).slice(-11).padStart(11, '1');
    const printed = `${orderNumber.slice(0, 4)} ${orderNumber.slice(4, 8)} ${orderNumber.slice(8)}`;
    // A number whose check digit happens to be right is printed grouped in the mails, any other as typed digits.
    const named = `(?:${orderNumber}|${escapeRegExp(printed)})`;
    await field('faq.refund.first_name').fill('Anna');
    await field('faq.refund.last_name').fill('de Boer');
    await field('faq.refund.email').fill('anna.deboer@example.com');
    await field('faq.refund.order_number').fill(printed);
    await field('faq.refund.comment').fill('We cannot come, our train was cancelled.');
    // The page reloads as soon as the answer is in, so the answer is read on its way through.
    const answers: unknown[] = [];
    await page.route('**/api/faq/mail', async (route) => {
      const response = await route.fetch();
      answers.push(await response.json());
      await route.fulfill({ response });
    });
    const reload = page.waitForEvent('load');
    await dialog.getByRole('button', { name: text('faq.refund.submit') }).click();
    await reload;
    expect(answers).toEqual([{ ok: true }]);
    await expect(page.getByText(text('faq.refund.sent'))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect
      .poll(() => mailContaining(`Reply-To: Anna de Boer <anna.deboer@example.com>`), {
        message: 'the request to the shop lands in the outbox',
      })
      .toMatch(new RegExp(`Subject: Refund request for order ${named} from Anna de Boer`));
    // And the visitor gets a confirmation (through the outbox too), which names the order.
    await expect
      .poll(() => mailContaining('To: anna.deboer@example.com'), { message: 'the visitor gets a copy' })
      .toMatch(new RegExp(`Subject: Your request about order ${named}`));
    await screenshot(page, 'faq-refund-sent');
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
