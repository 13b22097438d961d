import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { mailTo, outbox } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

/** The flex ticket: no days, so quantity → extras → customer, the shortest way to the pay button. */
async function flexTicket(page: Page): Promise<ProductDetail> {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.products.find((product) => product.slug === 'flex-ticket');
  if (!summary) throw new Error('The demo shop has no flex-ticket');
  return (await (await page.request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
}

/** Home → product → quantity 2 → extras → customer → Pay: ends on the test gateway's page. */
async function orderAndPay(page: Page, email: string): Promise<void> {
  const product = await flexTicket(page);
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  await page.goto('/');
  await page.getByRole('link', { name: product.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const tickets = text('product.quantity.tickets');
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', tickets) })
    .click();
  await expect(page.getByRole('group', { name: tickets }).locator('output')).toHaveText('2');
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  // Labels start with the field's name; required ones end with a marker.
  const input = (type: string) => page.getByLabel(new RegExp(`^${escapeRegExp(field(type))}\\b`));
  await input('FIRST_NAME').fill('Ada');
  await input('LAST_NAME').fill('Lovelace');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
  await page.waitForURL(/\/pay\/test\//);
  await expect(page.getByText('TEST MODE', { exact: false })).toBeVisible();
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

test('pays on the test gateway, sees the order paid, gets the tickets by e-mail and downloads them', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('paid');
  await orderAndPay(page, email);
  await expectAccessible();
  // Best practice beyond WCAG 2.1 AA: all content, the TEST MODE banner too, inside a landmark.
  const { violations } = await new AxeBuilder({ page }).withRules(['region']).analyze();
  expect(violations.map((violation) => violation.nodes.map((node) => node.target.join(' '))).flat()).toEqual([]);
  await screenshot(page, 'payment-test-gateway');

  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: false })).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'payment-return-paid');

  const mail = await mailTo(email);
  expect(mail).toMatch(/Subject: Your tickets from .+ \(order \d{4} \d{4} \d{3}\)/);
  expect(mail).toContain('Content-Type: application/pdf');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text('checkoutReturn.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tickets-\d+\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // One page per ticket (two were ordered), then the receipt (decision 0149).
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
});

test('a failed payment can be paid again; a cancelled one says so', async ({ page, expectAccessible }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('failed');
  await orderAndPay(page, email);

  await page.getByRole('button', { name: 'Fail' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.failed_title') }),
  ).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'payment-return-failed');

  await page.getByRole('button', { name: text('checkoutReturn.pay_again') }).click();
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.cancelled_title') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: text('checkoutReturn.pay_again') })).toBeVisible();
  await expectAccessible();

  // Nothing was paid: no tickets were mailed, and the tickets cannot be downloaded.
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const file of files) expect(await readFile(path.join(outbox, file), 'utf8')).not.toContain(email);
});

test('an unknown return link says the order was not found', async ({ page, expectAccessible }) => {
  await page.goto('/checkout/return/not-a-real-order-hash');
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.not_found_title') }),
  ).toBeVisible();
  await expectAccessible();
});

test("the return page speaks the visitor's language (Dutch)", async ({ page, expectAccessible }) => {
  await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
  await page.goto('/checkout/return/not-a-real-order-hash');
  await expect(
    page.getByRole('heading', { level: 1, name: dutch('checkoutReturn.not_found_title') }),
  ).toBeVisible();
  await expect(page.getByText(dutch('checkoutReturn.not_found_text'))).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'payment-return-not-found-nl');
});
