import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VoucherCheck } from '@kassa/domain/contract/voucher-check';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

// The seed's own constant, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_VOUCHER_CODE } = (await import(seedConstants)) as { DEMO_VOUCHER_CODE: string };

const de = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../apps/storefront/src/locales/de.json', import.meta.url)), 'utf8'),
) as {
  voucher_check: { title: string; code_label: string; code_required: string; submit: string };
  errors: { voucher_not_found: string };
};

test.describe('voucher check page', () => {
  test('shows the seeded gift card’s code, credit and expiry date (English)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const check = (await (
      await request.get(`/api/voucher/check/${DEMO_VOUCHER_CODE}`)
    ).json()) as VoucherCheck;
    expect(check.credit, 'the demo gift card has credit left').toBeGreaterThan(0);

    await page.goto('/voucher-check');
    await expect(page.getByRole('heading', { level: 1, name: text('voucher_check.title') })).toBeVisible();
    // Typed the way people do: lower case, without the dashes.
    await page
      .getByRole('textbox', { name: new RegExp(`^${text('voucher_check.code_label')}`) })
      .fill(DEMO_VOUCHER_CODE.toLowerCase().replaceAll('-', ''));
    await expectAccessible();
    await screenshot(page, 'voucher-check-en');
    const submit = page.getByRole('button', { name: text('voucher_check.submit') });
    await submit.click();

    const dialog = page.getByRole('dialog', { name: text('voucher_check.result_title') });
    const value = (term: string) => dialog.locator('dt', { hasText: term }).locator('+ dd');
    await expect(value(text('voucher_check.credit'))).toHaveText(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(check.credit),
    );
    // The shop's date format, DD-MM-YYYY.
    const [year, month, day] = check.expiration!.split('-');
    await expect(value(text('voucher_check.expiration'))).toHaveText(`${day}-${month}-${year}`);
    await expect(value(text('voucher_check.code'))).toHaveText(DEMO_VOUCHER_CODE.replaceAll('-', ''));
    await expect(dialog.getByRole('button', { name: text('voucher_check.done') })).toBeFocused();
    await expectAccessible();
    await screenshot(page, 'voucher-check-result');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
  });

  test('an unknown code gets "Voucher not found" in German', async ({ page, expectAccessible }) => {
    await page.addInitScript(() => localStorage.setItem('kassa.language', 'de'));
    await page.goto('/voucher-check');
    await expect(page.getByRole('heading', { level: 1, name: de.voucher_check.title })).toBeVisible();
    const field = page.getByRole('textbox', { name: new RegExp(`^${de.voucher_check.code_label}`) });

    // Empty: asked for a code, nothing is checked.
    await page.getByRole('button', { name: de.voucher_check.submit }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(de.voucher_check.code_required));

    await field.fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: de.voucher_check.submit }).click();
    const dialog = page.getByRole('dialog', { name: de.voucher_check.title });
    await expect(dialog.getByRole('alert')).toHaveText(de.errors.voucher_not_found);
    await expectAccessible();
    await screenshot(page, 'voucher-check-not-found-de');
  });
});
