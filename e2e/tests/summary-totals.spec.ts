/**
 * The summary's total is the server's (decision 0147): what the order
 * summary shows before Pay is what the gateway asks and what the return
 * page says was paid. Coupons and voucher credit here, and a voucher and a
 * subscription order (decision 0220); the subscription
 * redemption in subscription.spec.ts and the rebooking in rebook.spec.ts,
 * beside the tests that own the demo pass and the demo rebooking order.
 */
import type { Page } from '@playwright/test';
import type { HomeProducts, VoucherDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { centsOf, gatewayAmountCents, returnTotalCents, summaryTotalCents } from './order-amounts.ts';

const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_VOUCHER_CODE } = (await import(seedConstants)) as { DEMO_VOUCHER_CODE: string };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Flex tickets (no days) up to the filled-in customer step, with `guides` audio guides on the extras step. */
async function flexTicketsToCustomer(page: Page, tickets: number, email: string, guides = 0): Promise<void> {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const product = home.products.find((candidate) => candidate.slug === 'flex-ticket')!;
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  await page.goto(`/product/${product.id}/${product.slug}`);
  const name = text('product.quantity.tickets');
  for (let count = 0; count < tickets; count += 1) {
    await page
      .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', name) })
      .click();
  }
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  const extrasStep = page.getByRole('heading', { level: 2, name: text('product.steps.upsells') });
  for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) {
    if (guides > 0 && (await extrasStep.isVisible())) {
      const more = page.getByRole('button', {
        name: text('product.quantity.increase').replace('{{name}}', 'Audio guide'),
      });
      for (let count = 0; count < guides; count += 1) await more.click();
      guides = 0;
    }
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  const input = (type: string) => page.getByLabel(new RegExp(`^${escapeRegExp(field(type))}\\b`));
  await input('FIRST_NAME').fill('Ada');
  await input('LAST_NAME').fill('Lovelace');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
}

async function redeem(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: text('summary.redeem_coupon') }).click();
  const dialog = page.getByRole('dialog', { name: text('coupon.title') });
  await dialog.getByLabel(text('coupon.code')).fill(code);
  await dialog.getByRole('button', { name: text('coupon.apply') }).click();
  await expect(
    dialog.getByText(text('coupon.accepted').replace('{{code}}', code.toUpperCase())),
  ).toBeVisible();
  await dialog.getByRole('button', { name: text('coupon.continue') }).click();
  await expect(dialog).toBeHidden();
}

const email = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
const summaryTitle = text('summary.title');
const pay = (page: Page) => page.getByRole('button', { name: text('summary.pay'), exact: true });

test('a coupon order: the summary total is what the gateway asks and the return page says was paid', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await flexTicketsToCustomer(page, 2, email('coupon'), 2);
  await redeem(page, 'welcome10');
  const summary = page.getByRole('complementary', { name: summaryTitle });
  await expect(summary.locator('.kassa-summary__row', { hasText: text('summary.discount') })).toBeVisible();
  // The coupon says what it discounts (decision 0010): tickets, not the audio guides.
  await expect(
    summary.getByText(`WELCOME10: ${text('coupon.scope').replace('{{value}}', '10%')}`),
  ).toBeVisible();
  const shown = await summaryTotalCents(page, summaryTitle);
  await pay(page).click();
  expect(await gatewayAmountCents(page)).toBe(shown);
  await page.getByRole('button', { name: 'Pay' }).click();
  expect(await returnTotalCents(page)).toBe(shown);

  // The return page lists what was paid for (decision 0149): lines, discount, fees, total, venue.
  const recap = page.locator('.kassa-return__recap');
  await expect(recap.locator('li', { hasText: '2 × Audio guide' })).toContainText('€9.00');
  await expect(recap.locator('li', { hasText: /^2 × / }).first()).toBeVisible();
  await expect(
    recap.getByText(text('checkoutReturn.discount_code').replace('{{code}}', 'WELCOME10')),
  ).toBeVisible();
  await expect(recap.locator('li', { hasText: /€0\.95/ })).toBeVisible();
  await expect(recap.locator('address')).toContainText('Kassa Demo Museum');
  await expect(recap.locator('address')).toContainText('Amsterdam');
  await expectAccessible();
  await screenshot(page, 'return-page-receipt');
});

test('a voucher-credit order: the summary total is what the order totals', async ({ page }) => {
  test.setTimeout(120_000);
  // One ticket (the flow starts at the minimum of 1): the demo gift card (€32.50 left) pays it
  // all and keeps credit for voucher-check.spec.ts, which shows what is left on it.
  await flexTicketsToCustomer(page, 0, email('credit'));
  await redeem(page, DEMO_VOUCHER_CODE);
  const shown = await summaryTotalCents(page, summaryTitle);
  const discount = page
    .getByRole('complementary', { name: summaryTitle })
    .locator('.kassa-summary__row', { hasText: text('summary.discount') })
    .locator('dd');
  expect(centsOf((await discount.textContent()) ?? '')).toBeGreaterThan(0);
  await pay(page).click();
  // Credit may leave nothing to pay online: then the return page comes at once.
  await page.waitForURL(/\/(pay\/test|checkout\/return)\//);
  if (page.url().includes('/pay/test/')) {
    expect(await gatewayAmountCents(page)).toBe(shown);
    await page.getByRole('button', { name: 'Pay' }).click();
  }
  expect(await returnTotalCents(page)).toBe(shown);
});

/** The customer step of the subscription and voucher flows, filled in from the shop's fields (and a birthday when asked). */
async function fillShopFields(page: Page, address: string, itemId: { subscription?: number }): Promise<void> {
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const fields = Object.values(org.fields);
  const input = (name: string) => page.getByLabel(new RegExp(`^${escapeRegExp(name)}\\b`));
  const named = (type: string) => fields.find((candidate) => candidate.type === type)!.name;
  await input(named('FIRST_NAME')).fill('Ada');
  await input(named('LAST_NAME')).fill('Lovelace');
  await input(named('EMAIL')).fill(address);
  await input(named('EMAIL_CONFIRM')).fill(address);
  const birthday = fields.find(
    (candidate) =>
      candidate.type === 'DATE' &&
      itemId.subscription !== undefined &&
      candidate.subscriptions.includes(itemId.subscription),
  );
  if (birthday) await input(birthday.name).fill('1990-05-17');
}

test('a voucher order: the summary total is the server’s, what the gateway asks and the return page says was paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.vouchers.find((candidate) => candidate.slug === 'gift-card')!;
  const voucher = (await (await page.request.get(`/api/vouchers/${summary.id}`)).json()) as VoucherDetail;
  await page.goto(`/voucher/${voucher.id}/${voucher.slug}`);
  await page
    .getByRole('button', {
      name: text('product.quantity.increase').replace('{{name}}', voucher.values[0]!.name),
    })
    .click();
  await page.getByRole('button', { name: text('product.continue') }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('voucher.steps.customer') })).toBeVisible();
  // Priced by the server before the form is filled in (decision 0147).
  const shown = await summaryTotalCents(page, summaryTitle);
  expect(shown).toBeGreaterThan(0);
  await fillShopFields(page, email('gift'), {});
  await pay(page).click();
  expect(await gatewayAmountCents(page)).toBe(shown);
  await page.getByRole('button', { name: 'Pay' }).click();
  expect(await returnTotalCents(page)).toBe(shown);
});

test('a subscription order: the summary total is the server’s, what the gateway asks and the return page says was paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const pass = home.subscriptions.find((candidate) => candidate.slug === 'year-pass')!;
  await page.goto(`/subscription/${pass.id}/${pass.slug}`);
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', 'Adult') })
    .click();
  const customerStep = page.getByRole('heading', { level: 2, name: text('subscription.steps.customer') });
  for (let step = 0; step < 3 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  const shown = await summaryTotalCents(page, summaryTitle);
  expect(shown).toBeGreaterThan(0);
  await fillShopFields(page, email('pass'), { subscription: pass.id });
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password'))}`))
    .first()
    .fill('museum-2026');
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password_confirm'))}`))
    .fill('museum-2026');
  await pay(page).click();
  expect(await gatewayAmountCents(page)).toBe(shown);
  await page.getByRole('button', { name: 'Pay' }).click();
  expect(await returnTotalCents(page)).toBe(shown);
});
