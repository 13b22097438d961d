import type { HomeProducts, VoucherDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

/** The e2e server's outbox: mail lands there as .eml files without SMTP. */
const outbox = path.join(process.env.KASSA_E2E_DATA_DIR ?? '', 'outbox');

/** The first mail to this address matching `pattern`, quoted-printable undone (soft breaks, =3D). */
async function mailMatching(address: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
        found = mails
          .filter((mail) => mail.includes(address))
          .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .find((mail) => pattern.test(mail));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const say = { en: text, nl: dutch } as const;
const label = { en: 'Withdraw from contract', nl: 'Overeenkomst herroepen' } as const;

for (const language of ['en', 'nl'] as const) {
  test(`withdraws from a gift voucher purchase from the mail link (${language}) (decision 0254)`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const t = say[language];
    if (language !== 'en')
      await page.addInitScript((lang) => localStorage.setItem('kassa.language', lang), language);
    const headers = { 'accept-language': language };
    const home = (await (await page.request.get('/api/home/products', { headers })).json()) as HomeProducts;
    const summary = home.vouchers.find((voucher) => voucher.slug === 'gift-card')!;
    const voucher = (await (
      await page.request.get(`/api/vouchers/${summary.id}`, { headers })
    ).json()) as VoucherDetail;
    const org = (await (await page.request.get('/api/organisation', { headers })).json()) as Organisation;
    const confirm = Object.values(org.fields).find((field) => field.type === 'EMAIL_CONFIRM')!;
    const email = `withdraw-${language}-${Date.now()}@example.org`;

    // A paid gift voucher, bought through the API and the test gateway.
    const placed = await page.request.post('/api/vouchers', {
      headers,
      data: {
        customer: { first_name: 'Ada', last_name: 'Lovelace', email, fields: { [confirm.id]: email } },
        language,
        voucher: { id: voucher.id },
        values: [{ id: voucher.values[0]!.id, quantity: 1 }],
      },
    });
    expect(placed.ok()).toBe(true);
    const { payment } = (await placed.json()).response;
    await page.request.post(`/pay/test/${payment.hash}`, { form: { action: 'pay' } });

    // The purchase mail offers the withdrawal with a clearly labelled link.
    const purchase = await mailMatching(email, new RegExp(label[language]));
    const link = purchase.match(new RegExp(`${label[language]}: (\\S+)`))![1]!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: t('withdrawal.title') })).toBeVisible();
    await expect(page.getByText(voucher.values[0]!.name)).toBeVisible();
    await expectAccessible();
    await screenshot(page, `withdrawal-start-${language}`);

    // A confirmation step, then the acknowledgement.
    await page.getByRole('button', { name: t('withdrawal.start'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('withdrawal.confirm_title') })).toBeFocused();
    await expectAccessible();
    await screenshot(page, `withdrawal-confirm-${language}`);
    await page.getByRole('button', { name: t('withdrawal.confirm') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('withdrawal.done_title') })).toBeVisible();
    await expectAccessible();
    await screenshot(page, `withdrawal-done-${language}`);

    // The acknowledgement mail, and the page says it is done once reloaded.
    const acknowledged = await mailMatching(email, /ORDER_WITHDRAWN|Subject: .*(withdrawn|herroepen)/);
    expect(acknowledged).toMatch(
      language === 'en' ? /We received your withdrawal/ : /herroeping van bestelling/,
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: t('withdrawal.done_title') })).toBeVisible();
  });
}
