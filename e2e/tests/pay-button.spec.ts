/**
 * Pay says what is missing (decision 0148): with an empty form it is
 * enabled, and a click shows an error summary with links, moves focus to
 * the first invalid field and announces it. On a phone a bar fixed to the
 * bottom carries the total and Pay, above the fold.
 */
import type { Page } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

async function flexTicketCustomerStep(page: Page): Promise<Organisation> {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const product = home.products.find((candidate) => candidate.slug === 'flex-ticket')!;
  await page.goto(`/product/${product.id}/${product.slug}`);
  const name = text('product.quantity.tickets');
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', name) })
    .click();
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  return (await (await page.request.get('/api/organisation')).json()) as Organisation;
}

test('Pay with an empty form lists what is missing and focuses the first field', async ({
  page,
  expectAccessible,
}) => {
  const org = await flexTicketCustomerStep(page);
  const firstName = Object.values(org.fields).find((field) => field.type === 'FIRST_NAME')!.name;
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();

  const summary = page
    .getByRole('alert')
    .filter({ hasText: text('customer.error_summary_other').split('{{')[0]! });
  await expect(summary).toBeVisible();
  const links = summary.getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(4);
  await expect(links.first()).toContainText(firstName);
  // Focus is on the first invalid field, which says why.
  const field = page.getByLabel(new RegExp(`^${firstName}\\b`));
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();
  await screenshot(page, 'pay-error-summary');

  // A link in the summary takes focus to its field.
  await field.fill('Ada');
  await links.nth(1).click();
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(new RegExp(`^${firstName}\\b`))).not.toHaveAttribute('aria-invalid');
});

test('on a phone the pay bar with the total and Pay is on screen without scrolling', async ({
  page,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await flexTicketCustomerStep(page);
  const bar = page.locator('.kassa-paybar');
  await expect(bar).toBeInViewport();
  await expect(bar.getByText(text('summary.total'), { exact: true })).toBeVisible();
  await expect(bar.locator('strong')).toHaveText(/\d/);
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  // One Pay button on a phone: the bar's.
  await expect(pay).toHaveCount(1);
  await expect(pay).toBeInViewport();
  await expectAccessible();
  await page.screenshot({ path: new URL('../screenshots/pay-bar-390.png', import.meta.url).pathname });
  await pay.click();
  await expect(page.getByLabel(/./).and(page.locator(':focus'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(':focus')).toBeInViewport();
});
