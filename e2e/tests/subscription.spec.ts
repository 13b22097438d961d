/**
 * Subscriptions end to end (decision 0121): a new visitor buys a physical
 * subscription (and becomes a client), pays, logs out, logs in with the
 * password, finds the passes on My account; a renewal link opened logged out
 * goes to the login and back; the renewal is paid and the passes' expiry moves
 * on. English, with the login and the subscription flow checked in Dutch too;
 * axe.
 */
import type { Page } from '@playwright/test';
import type { ClientAccount } from '@kassa/domain/contract/client';
import type { Client } from '@kassa/domain/contract/client';
import type { HomeProducts, ProductSummary } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { gatewayAmountCents, returnTotalCents, summaryTotalCents } from './order-amounts.ts';
import { dutch } from './storefront-page.ts';

const PASSWORD = 'museum-2026';

// The seed's own constants, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } = (await import(seedConstants)) as {
  DEMO_CLIENT_EMAIL: string;
  DEMO_CLIENT_PASSWORD: string;
};

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function yearPass(page: Page) {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const pass = home.subscriptions.find((subscription) => subscription.slug === 'year-pass');
  if (!pass) throw new Error('The demo shop has no year pass');
  return pass;
}

async function fieldLabel(page: Page, type: string, subscriptionId?: number): Promise<string> {
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const field = Object.values(org.fields).find(
    (candidate) =>
      candidate.type === type &&
      (subscriptionId === undefined || candidate.subscriptions.includes(subscriptionId)),
  );
  if (!field) throw new Error(`No ${type} field`);
  return field.name;
}

const input = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\b`));

/** Through the steps to the customer step (Continue until it shows). */
async function toCustomerStep(page: Page) {
  const customerStep = page.getByRole('heading', { level: 2, name: text('subscription.steps.customer') });
  for (let step = 0; step < 3 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
}

/** On the test gateway's page: Pay, then the return page says paid. */
async function payOnTestPage(page: Page) {
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
}

async function account(page: Page): Promise<ClientAccount> {
  const token = await page.evaluate(() => localStorage.getItem('kassa.client-token'));
  const response = await page.request.get('/api/client/account', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ClientAccount;
}

async function logIn(page: Page, email: string) {
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('client_login.email'))}`))
    .first()
    .fill(email);
  await page.getByLabel(new RegExp(`^${escapeRegExp(text('client_login.password'))}`)).fill(PASSWORD);
  await page.getByRole('button', { name: text('client_login.submit'), exact: true }).click();
}

test('a visitor buys a year pass, logs out and in, and renews it', async ({ page, expectAccessible }) => {
  test.setTimeout(150_000);
  const email = `member-${Date.now()}@example.org`;
  const pass = await yearPass(page);
  const birthday = await fieldLabel(page, 'DATE', pass.id);

  // Buy: one adult, as a visitor who is not signed in.
  // The year pass sits in the Members category; its page is where the card leads.
  await page.goto(`/subscription/${pass.id}/${pass.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: pass.title })).toBeVisible();
  const continueButton = page.getByRole('button', { name: text('product.continue') });
  await expect(continueButton).toBeDisabled();
  const adult = page.getByRole('button', {
    name: text('product.quantity.increase').replace('{{name}}', 'Adult'),
  });
  await adult.click();
  await expect(continueButton).toBeEnabled();
  await expectAccessible();
  await screenshot(page, 'subscription-quantity');
  await toCustomerStep(page);
  await input(page, await fieldLabel(page, 'FIRST_NAME')).fill('Ada');
  await input(page, await fieldLabel(page, 'LAST_NAME')).fill('Lovelace');
  await input(page, await fieldLabel(page, 'EMAIL')).fill(email);
  await input(page, await fieldLabel(page, 'EMAIL_CONFIRM')).fill(email);
  await input(page, birthday).fill('1990-05-17');
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password'))}`))
    .first()
    .fill('12345');
  await page.getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password_confirm'))}`)).fill('12345');
  await expect(page.getByText(text('subscription.password_too_short'))).toBeVisible();
  // Pressable, but a too-short password places no order (decision 0148).
  const url = page.url();
  await pay.click();
  await expect(page.getByText(text('subscription.password_too_short'))).toBeVisible();
  expect(page.url()).toBe(url);
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password'))}`))
    .first()
    .fill(PASSWORD);
  await page.getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password_confirm'))}`)).fill(PASSWORD);
  await expect(pay).toBeEnabled();
  await expectAccessible();
  await screenshot(page, 'subscription-customer');
  await pay.click();
  await payOnTestPage(page);
  // The return page: the same receipt as any order (decision 0186) — the pass's line, the fee by its
  // name, the total paid, the public number — and the passes and receipt to download.
  const recap = page.getByRole('region', { name: text('checkoutReturn.items') });
  await expect(recap.getByText('1 × Adult')).toBeVisible();
  await expect(recap.getByText(text('checkoutReturn.total_paid'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_passes') })).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_receipt') })).toBeVisible();
  await expect(page.getByText(text('checkoutReturn.passes_text').replace('{{email}}', email))).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'return-year-pass');

  // Back from paying logged in: My account shows the pass.
  await page
    .getByRole('link', { name: text('nav.account') })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: text('account.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: pass.title, exact: true })).toBeVisible();
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
  // The new pass's order offers the withdrawal function while the 14 days last (decision 0254).
  await expect(page.getByRole('link', { name: text('withdrawal.start') })).toHaveAttribute(
    'href',
    /^\/withdraw\/.+/,
  );
  await expectAccessible();
  await screenshot(page, 'account');
  const bought = (await account(page)).subscriptions.find((held) => held.subscription.id === pass.id)!;
  expect(bought.passes).toHaveLength(1);

  // Log out: the session ends, the account page is gone.
  await page.getByRole('button', { name: text('account.logout') }).click();
  await expect(page.getByRole('link', { name: text('nav.login') }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('kassa.client-token'))).toBeNull();

  // The renewal link, logged out: to the login page, then back to the renewal.
  await page.goto(`/renew/${bought.renewal}`);
  await page.waitForURL(/\/client\/login\?redirect=/);
  await expectAccessible();
  await screenshot(page, 'client-login');
  await logIn(page, email);
  // Renewable: home in renewal mode, the year pass marked as the one to renew.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText(text('home.renewal_notice'))).toBeVisible();
  await page.getByRole('link', { name: `${text('item.renew_subscription')}: ${pass.title}` }).click();
  await expect(page.getByText(text('subscription.renewal_notice'))).toBeVisible();
  await expect(page.getByText(text('subscription.pass').replace('{{number}}', '1'))).toBeVisible();
  await screenshot(page, 'subscription-renewal');
  await toCustomerStep(page);
  // The client's details are prefilled and locked; no password is asked.
  await expect(input(page, await fieldLabel(page, 'EMAIL'))).toHaveValue(email);
  await expect(page.getByLabel(new RegExp(`^${escapeRegExp(text('subscription.password'))}`))).toHaveCount(0);
  await input(page, birthday).fill('1990-05-17');
  await expectAccessible();
  await page.getByRole('button', { name: text('summary.pay'), exact: true }).click();
  await payOnTestPage(page);

  const renewed = (await account(page)).subscriptions.find((held) => held.id === bought.id)!;
  const days = (Date.parse(renewed.expiration) - Date.parse(bought.expiration)) / 86_400_000;
  expect(days).toBe(365);
  expect(renewed.passes.map((held) => held.id)).toEqual(bought.passes.map((held) => held.id));
  // A renewal extends the holding: no self-service withdrawal from it (decision 0254), the first still has one.
  const passOrders = (await account(page)).orders.filter((order) => order.kind === 'SUBSCRIPTION');
  expect(passOrders.map((order) => order.withdraw === null)).toEqual([true, false]);
});

test('login and the subscription flow in Dutch', async ({ page, expectAccessible }) => {
  await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
  await page.goto('/client/login');
  await expect(page.getByRole('heading', { level: 1, name: dutch('client_login.title') })).toBeVisible();
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(dutch('client_login.email'))}`))
    .first()
    .fill('nobody@example.org');
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(dutch('client_login.password'))}`))
    .fill('wrong-password');
  await page.getByRole('button', { name: dutch('client_login.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(dutch('errors.client_login_failed'));
  await expectAccessible();
  await screenshot(page, 'client-login-nl');
  const pass = await yearPass(page);
  await page.goto(`/subscription/${pass.id}/${pass.slug}`);
  await expect(
    page.getByRole('heading', { level: 2, name: dutch('subscription.steps.quantity') }),
  ).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'subscription-quantity-nl');
});

test('a logged-in client books a product with their online pass', async ({ page, expectAccessible }) => {
  test.setTimeout(120_000);
  await page.goto('/client/login');
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('client_login.email'))}`))
    .first()
    .fill(DEMO_CLIENT_EMAIL);
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('client_login.password'))}`))
    .fill(DEMO_CLIENT_PASSWORD);
  await page.getByRole('button', { name: text('client_login.submit'), exact: true }).click();
  await page.waitForURL(/\/client\/account$/);
  const token = await page.evaluate(() => localStorage.getItem('kassa.client-token'));
  const me = async () =>
    (await (
      await page.request.get('/api/client', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Client;
  const card = (await me()).subscriptions.find((held) => held.type === 'ONLINE')!;
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
  const candidates: ProductSummary[] = [...home.products];
  for (const category of categories) {
    const detail = (await (await page.request.get(`/api/categories/${category.id}`)).json()) as {
      products?: number[];
    };
    for (const id of detail.products ?? []) {
      if (!candidates.some((product) => product.id === id))
        candidates.push((await (await page.request.get(`/api/products/${id}`)).json()) as ProductSummary);
    }
  }
  const admission = candidates.find((product) => product.slug === 'museum-admission')!;
  expect(card.subscription.products).toContain(admission.id);

  await page.goto(`/product/${admission.id}/${admission.slug}`);
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', 'Adult') })
    .click();
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  for (let step = 0; step < 5 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  // The client's own online pass is preselected (docs/storefront.md §4.7).
  await expect(
    page.getByRole('radio', { name: new RegExp(escapeRegExp(card.subscription.title)) }),
  ).toBeChecked();
  await expectAccessible();
  await screenshot(page, 'product-with-pass');
  // The summary's total is the server's: the redeemed visit is what the order totals (decision 0147).
  const shown = await summaryTotalCents(page, text('summary.title'));
  await page.getByRole('button', { name: text('summary.pay'), exact: true }).click();
  await page.waitForURL(/\/(pay\/test|checkout\/return)\//);
  if (page.url().includes('/pay/test/')) {
    expect(await gatewayAmountCents(page)).toBe(shown);
    await page.getByRole('button', { name: 'Pay' }).click();
  }
  expect(await returnTotalCents(page)).toBe(shown);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  const after = (await me()).subscriptions.find((held) => held.id === card.id)!;
  expect(after.available_redemptions).toBe(card.available_redemptions - 1);
});
