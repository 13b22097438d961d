import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { HomeProducts, ProductDetail, VoucherDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { mailTo } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Say = (key: string) => string;
const say: Record<'en' | 'nl', Say> = { en: text, nl: dutch };
const money = (language: string, amount: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);

async function fillCustomer(page: Page, email: string, language: string): Promise<void> {
  const org = (await (
    await page.request.get('/api/organisation', { headers: { 'accept-language': language } })
  ).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  const input = (type: string) => page.getByLabel(new RegExp(`^${escapeRegExp(field(type))}\\b`));
  await input('FIRST_NAME').fill('Grace');
  await input('LAST_NAME').fill('Hopper');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
}

for (const language of ['en', 'nl'] as const) {
  test(`buys a gift card of two values, gets it by mail and as PDF, checks it and spends part of it (${language})`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(180_000);
    const t = say[language];
    if (language !== 'en')
      await page.addInitScript((lang) => localStorage.setItem('kassa.language', lang), language);
    const headers = { 'accept-language': language };
    const home = (await (await page.request.get('/api/home/products', { headers })).json()) as HomeProducts;
    const summary = home.vouchers.find((voucher) => voucher.slug === 'gift-card')!;
    const voucher = (await (
      await page.request.get(`/api/vouchers/${summary.id}`, { headers })
    ).json()) as VoucherDetail;
    const [small, large] = voucher.values;
    const email = `gift-${language}-${Date.now()}@example.org`;

    // Home → the voucher card → one of each of two values.
    await page.goto('/');
    await page.getByRole('link', { name: voucher.title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: voucher.title })).toBeVisible();
    for (const value of [small!, large!]) {
      await page
        .getByRole('button', { name: t('product.quantity.increase').replace('{{name}}', value.name) })
        .click();
    }
    await expectAccessible();
    await screenshot(page, `voucher-quantity-${language}`);
    await page.getByRole('button', { name: t('product.continue') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('voucher.steps.customer') })).toBeVisible();
    await fillCustomer(page, email, language);
    const pay = page.getByRole('button', { name: t('summary.pay'), exact: true });
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('complementary')).toContainText(large!.name);
    await expectAccessible();
    await screenshot(page, `voucher-customer-${language}`);
    await pay.click();

    // The test gateway's Pay, then the return page with the gift cards.
    await page.waitForURL(/\/pay\/test\//);
    // The test page speaks the order's language.
    await page.getByRole('button', { name: language === 'nl' ? 'Betalen' : 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout\/return\//);
    await expect(page.getByRole('heading', { level: 1, name: t('checkoutReturn.paid_title') })).toBeVisible();
    await expectAccessible();
    await screenshot(page, `voucher-return-${language}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t('checkoutReturn.download_gift_cards') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gift-cards-\d+\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);

    // The outbox mail carries the same cards and names both codes.
    const mail = await mailTo(email, 'KSA-');
    expect(mail).toContain('Content-Type: application/pdf');
    const codes = mail.match(/KSA(?:-[2-9A-HJ-NP-Z]{4}){4}-[2-9A-HJ-NP-Z]/g) ?? [];
    expect(new Set(codes).size).toBe(2);
    // The larger value's code (lines follow the values' order).
    const code = [...new Set(codes)][1]!;

    // The check page finds it with its full credit.
    await page.goto('/voucher-check');
    const codeBox = page.getByRole('textbox', {
      name: new RegExp(`^${escapeRegExp(t('voucher_check.code_label'))}`),
    });
    await codeBox.fill(code);
    await page.getByRole('button', { name: t('voucher_check.submit') }).click();
    const dialog = page.getByRole('dialog', { name: t('voucher_check.result_title') });
    const credit = dialog.locator('dt', { hasText: t('voucher_check.credit') }).locator('+ dd');
    await expect(credit).toHaveText(money(language, large!.price));
    await expectAccessible();
    await screenshot(page, `voucher-check-issued-${language}`);
    await page.keyboard.press('Escape');

    // The code pays part of a flex ticket order (free: nothing left to pay online).
    const flex = home.products.find((product) => product.slug === 'flex-ticket')!;
    const product = (await (
      await page.request.get(`/api/products/${flex.id}`, { headers })
    ).json()) as ProductDetail;
    expect(product.price).toBeLessThan(large!.price);
    await page.goto(`/product/${product.id}/${product.slug}`);
    const customerStep = page.getByRole('heading', { level: 2, name: t('product.steps.customer') });
    for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) {
      await page.getByRole('button', { name: t('product.continue') }).click();
    }
    await fillCustomer(page, email, language);
    await page.getByRole('button', { name: t('summary.redeem_coupon') }).click();
    const couponDialog = page.getByRole('dialog', { name: t('coupon.title') });
    await couponDialog.getByLabel(t('coupon.code')).fill(code.toLowerCase());
    await couponDialog.getByRole('button', { name: t('coupon.apply') }).click();
    await couponDialog.getByRole('button', { name: t('coupon.continue') }).click();
    await expect(page.getByRole('button', { name: t('summary.pay'), exact: true })).toBeEnabled();
    await page.getByRole('button', { name: t('summary.pay'), exact: true }).click();
    await page.waitForURL(/\/checkout\/return\//);
    await expect(page.getByRole('heading', { level: 1, name: t('checkoutReturn.paid_title') })).toBeVisible();

    // The check page shows what is left.
    await page.goto('/voucher-check');
    await codeBox.fill(code);
    await page.getByRole('button', { name: t('voucher_check.submit') }).click();
    await expect(credit).toHaveText(money(language, large!.price - product.price));
  });
}

test('turns a paid booking into a gift voucher from the rebook page (en)', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  // The shop's rebooking entry secret, as the FAQ page links it (docs/storefront.md §3.16).
  const faq = (await (await page.request.get('/api/faq')).json()) as { rebooking_secret: string | null };
  const email = `convert-${Date.now()}@example.org`;
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const flex = home.products.find((product) => product.slug === 'flex-ticket')!;
  const product = (await (await page.request.get(`/api/products/${flex.id}`)).json()) as ProductDetail;
  // A paid booking of two flex tickets, made and paid the way the browser does.
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const confirmField = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')![0];
  const placedResponse = await page.request.post('/api/orders', {
    data: {
      customer: { first_name: 'Ada', last_name: 'Lovelace', email, fields: { [confirmField]: email } },
      orders: [{ product: { id: product.id, quantity: 2 } }],
    },
  });
  expect(placedResponse.status(), await placedResponse.text()).toBe(200);
  const placed = (await placedResponse.json()) as {
    response: { orders: { order: { hash: string }; payment: { hash: string } }[] };
  };
  const { order, payment } = placed.response.orders[0]!;
  await page.request.post(`/pay/test/${payment.hash}`, { form: { action: 'pay' } });
  const status = (await (await page.request.get(`/api/orders/${order.hash}/status`)).json()) as {
    response: { status: string; order: { number: number; reference: string; total: number } };
  };
  expect(status.response.status).toBe('PAID');

  await page.goto(
    `/rebook/${faq.rebooking_secret}?order=${status.response.order.reference}&email=${encodeURIComponent(email)}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: text('rebook.title') })).toBeVisible();
  await expect(page.getByText(text('rebook.to_voucher_hint'))).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'voucher-convert-entry');
  await page.getByRole('button', { name: text('rebook.to_voucher') }).click();

  // The voucher flow in rebooking mode: straight to the prefilled customer step, nothing to pay.
  await page.waitForURL(/\/voucher\/\d+\/[^/]+\?rebook/);
  await expect(page.getByText(text('voucher.rebook_notice'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text('voucher.steps.customer') })).toBeVisible();
  const proceed = page.getByRole('button', { name: text('summary.rebook'), exact: true });
  await expect(proceed).toBeEnabled();
  await expectAccessible();
  await screenshot(page, 'voucher-convert-customer');
  await proceed.click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_gift_cards') })).toBeVisible();

  // The booking is moved out: its page says so, and its code carries what was paid.
  const old = (await (await page.request.get(`/api/orders/${order.hash}/status`)).json()) as {
    response: { status: string };
  };
  expect(old.response.status).toBe('REBOOKED');
  const mail = await mailTo(email, 'KSA-');
  const code = mail.match(/KSA(?:-[2-9A-HJ-NP-Z]{4}){4}-[2-9A-HJ-NP-Z]/)![0];
  const check = (await (await page.request.get(`/api/voucher/check/${code}`)).json()) as { credit: number };
  // What the two tickets cost (the fees are not credited, decision 0040).
  expect(check.credit).toBe(product.price * 2);
});
