/**
 * A logged-in holder of the physical year pass on a product the pass covers:
 * the pass cannot pay online, so the tickets cost the full price, and the
 * product page and the customer step say why, in the visitor's language
 * (decision 0193).
 */
import type { Page } from '@playwright/test';
import type { HomeProducts, ProductSummary } from '@kassa/domain/contract/catalog';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

// The seed's own constants, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } = (await import(seedConstants)) as {
  DEMO_CLIENT_EMAIL: string;
  DEMO_CLIENT_PASSWORD: string;
};

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function logInAsPassHolder(page: Page, say: (key: string) => string) {
  await page.goto('/client/login');
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(say('client_login.email'))}`))
    .first()
    .fill(DEMO_CLIENT_EMAIL);
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(say('client_login.password'))}`))
    .fill(DEMO_CLIENT_PASSWORD);
  await page.getByRole('button', { name: say('client_login.submit'), exact: true }).click();
  await expect(page.getByRole('link', { name: say('nav.account') }).first()).toBeVisible();
}

async function demoItems(page: Page, language: string) {
  const headers = { 'Accept-Language': language };
  const home = (await (await page.request.get('/api/home/products', { headers })).json()) as HomeProducts;
  const museum = home.products.find((product) => product.slug === 'museum-admission');
  const pass = home.subscriptions.find((subscription) => subscription.slug === 'year-pass');
  if (!museum || !pass) throw new Error('The demo shop has no museum admission or year pass');
  return { museum, pass };
}

const productPath = (product: ProductSummary) => `/product/${product.id}/${product.slug}`;

test('the year pass holder is told the pass is shown at the door, on the product page and at the customer step', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const { museum, pass } = await demoItems(page, 'en');
  const atDoor = text('customer.subscription.at_door').replace('{{pass}}', pass.title);
  await logInAsPassHolder(page, text);

  await page.goto(productPath(museum));
  await expect(page.getByRole('heading', { level: 1, name: museum.title })).toBeVisible();
  await expect(page.getByText(atDoor)).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'year-pass-holder-product');

  // Through the steps to the customer step: the note is there again, beside the price it explains.
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', 'Adult') })
    .click();
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  for (let step = 0; step < 5 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  await expect(page.getByText(atDoor)).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'year-pass-holder-customer');
});

test('the note is in the visitor’s language (Dutch)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
  const { museum, pass } = await demoItems(page, 'nl');
  await logInAsPassHolder(page, dutch);
  await page.goto(productPath(museum));
  await expect(
    page.getByText(dutch('customer.subscription.at_door').replace('{{pass}}', pass.title)),
  ).toBeVisible();
});

test('a visitor who is not logged in is told nothing about passes', async ({ page }) => {
  const { museum } = await demoItems(page, 'en');
  await page.goto(productPath(museum));
  await expect(page.getByRole('heading', { level: 1, name: museum.title })).toBeVisible();
  await expect(page.getByText(/show it at the door/)).toHaveCount(0);
});
