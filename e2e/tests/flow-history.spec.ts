import type { Locator, Page } from '@playwright/test';
import type { HomeProducts, ProductDetail, VoucherDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { Plot } from '@kassa/domain/contract/plots';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

/** Decisions 0144–0146: steps in the browser history, focus on each step, the header's cart and hold, Back from the payment page. */

async function product(page: Page, slug: string): Promise<ProductDetail> {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.products.find((candidate) => candidate.slug === slug);
  if (!summary) throw new Error(`The demo shop has no ${slug}`);
  return (await (await page.request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
}

async function fieldLabel(page: Page, type: string): Promise<RegExp> {
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const name = Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
}

function stepHeading(page: Page, step: string): Locator {
  return page.getByRole('heading', { level: 2, name: text(`product.steps.${step}`) });
}

/** The step is shown and its heading has focus (not <body>). */
async function atStep(page: Page, step: string, focused = true) {
  await expect(stepHeading(page, step)).toBeVisible();
  if (focused) await expect(stepHeading(page, step)).toBeFocused();
}

const increase = (name: string) => text('product.quantity.increase').replace('{{name}}', name);

/** Seats left on a plot, as the calendar asks for them (the answer may be cached for a second). */
async function seatsLeft(page: Page, productId: number, plotId: number): Promise<number | null> {
  const plots = (await (await page.request.get(`/api/products/${productId}/plots`)).json()) as Plot[];
  return plots.find((plot) => plot.id === plotId)?.availability.amount ?? null;
}

test('Back and Forward walk every step; Back from the payment page keeps the details and frees the seats', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const show = await product(page, 'light-and-colour');
  await page.goto(`/product/${show.id}/${show.slug}`);
  await atStep(page, 'quantity', false);
  await expectAccessible();
  await screenshot(page, 'flow-history-quantity');
  const tickets = text('product.quantity.tickets');
  await page.getByRole('button', { name: increase(tickets) }).click();
  await page.getByRole('button', { name: text('product.continue') }).click();

  await atStep(page, 'plot');
  const slots = page.getByRole('group', { name: text('product.plot.slots') }).getByRole('radio');
  await slots.first().check({ force: true });
  await page.getByRole('button', { name: text('product.continue') }).click();
  await atStep(page, 'upsells');
  // One line at 1280 px: every step's marker sits on the same row.
  const tops = await page
    .locator('.kassa-steps__step')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await page.getByRole('button', { name: text('product.continue') }).click();
  await atStep(page, 'cross_sells');
  await page.getByRole('button', { name: text('product.continue') }).click();
  await atStep(page, 'customer');
  await expectAccessible();
  await screenshot(page, 'flow-history-customer');

  // The browser's Back walks the steps back; Forward walks them again.
  for (const step of ['cross_sells', 'upsells', 'plot', 'quantity']) {
    await page.goBack();
    await atStep(page, step, false);
  }
  await expect(page.getByRole('group', { name: tickets }).locator('output')).toHaveText('2');
  for (const step of ['plot', 'upsells', 'cross_sells', 'customer']) {
    await page.goForward();
    await atStep(page, step, false);
  }

  await page.getByLabel(await fieldLabel(page, 'FIRST_NAME')).fill('Ada');
  await page.getByLabel(await fieldLabel(page, 'LAST_NAME')).fill('Lovelace');
  await page.getByLabel(await fieldLabel(page, 'EMAIL')).fill('ada-back@example.org');
  await page.getByLabel(await fieldLabel(page, 'EMAIL_CONFIRM')).fill('ada-back@example.org');
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  const [sent] = await Promise.all([
    page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/orders') &&
        request.method() === 'POST' &&
        !request.postData()?.includes('"simulate":true'),
    ),
    pay.click(),
  ]);
  const plotId = (sent.postDataJSON() as { orders: { product: { plot: number } }[] }).orders[0]!.product.plot;
  await page.waitForURL(/\/pay\/test\//);
  const held = await seatsLeft(page, show.id, plotId);
  expect(held).not.toBeNull();

  // Back from the gateway's page: the checkout as it was, and the seats on sale again at once.
  await page.goBack();
  await atStep(page, 'customer', false);
  await expect(page.getByLabel(await fieldLabel(page, 'FIRST_NAME'))).toHaveValue('Ada');
  await expect(pay).toBeEnabled();
  await expect.poll(() => seatsLeft(page, show.id, plotId), { timeout: 10_000 }).toBe(held! + 2);
});

test('a keyboard-only purchase from home to the test gateway, focus on each new step', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const flex = await product(page, 'flex-ticket');
  await page.goto('/');

  /** Presses Tab until `target` has focus (at most `limit` times). */
  async function tabTo(target: Locator, limit = 120) {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  await tabTo(page.getByRole('link', { name: flex.title }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: flex.title })).toBeVisible();
  await tabTo(page.getByRole('button', { name: increase(text('product.quantity.tickets')) }));
  await page.keyboard.press('Enter');
  await tabTo(page.getByRole('button', { name: text('product.continue') }));
  await page.keyboard.press('Enter');
  await atStep(page, 'upsells');
  await expectAccessible();
  await tabTo(page.getByRole('button', { name: text('product.continue') }));
  await page.keyboard.press('Enter');
  await atStep(page, 'customer');

  const values: [string, string][] = [
    ['FIRST_NAME', 'Grace'],
    ['LAST_NAME', 'Hopper'],
    ['EMAIL', 'grace-keys@example.org'],
    ['EMAIL_CONFIRM', 'grace-keys@example.org'],
  ];
  for (const [type, value] of values) {
    await tabTo(page.getByLabel(await fieldLabel(page, type)));
    await page.keyboard.type(value);
  }
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  await tabTo(pay);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/pay\/test\//);
  await tabTo(page.getByRole('button', { name: 'Pay' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/checkout\/return\//);
  await expect(page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') })).toBeVisible();
});

test('the header cart after Add more and on another page; the hold countdown once an order waits for payment', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const flex = await product(page, 'flex-ticket');
  await page.goto(`/product/${flex.id}/${flex.slug}`);
  await page.getByRole('button', { name: increase(text('product.quantity.tickets')) }).click();
  for (let step = 0; step < 3 && !(await stepHeading(page, 'customer').isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await atStep(page, 'customer');
  const cartButton = page.getByRole('button', { name: /^Cart: / });
  await expect(cartButton).toHaveAccessibleName(/^Cart: 0 items/);
  await page.getByRole('button', { name: text('summary.add_more') }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // Two tickets of the flex ticket wait in the cart: the header says so on every page.
  const price = Number(flex.price) * 2;
  const total = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(price);
  await expect(cartButton).toHaveAccessibleName(`Cart: 1 item, ${total}`);
  await page.getByRole('link', { name: text('nav.calendar') }).first().click();
  await page.waitForURL(/\/calendar/);
  await expect(page.getByRole('heading', { level: 1, name: text('calendar.title') })).toBeVisible();
  await expect(cartButton).toHaveAccessibleName(`Cart: 1 item, ${total}`);
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: text('cart.drawer_title') });
  await expect(drawer).toContainText(flex.title);
  await expectAccessible();
  await screenshot(page, 'flow-history-cart-drawer');

  // Checkout from anywhere: the cart's order comes back at the customer step.
  await drawer.getByRole('button', { name: text('cart.checkout') }).click();
  await atStep(page, 'customer', false);
  await expect(page.getByRole('heading', { level: 1, name: flex.title })).toBeVisible();
  await page.getByLabel(await fieldLabel(page, 'FIRST_NAME')).fill('Ada');
  await page.getByLabel(await fieldLabel(page, 'LAST_NAME')).fill('Lovelace');
  await page.getByLabel(await fieldLabel(page, 'EMAIL')).fill('ada-hold@example.org');
  await page.getByLabel(await fieldLabel(page, 'EMAIL_CONFIRM')).fill('ada-hold@example.org');
  await page.getByRole('button', { name: text('summary.pay'), exact: true }).click();
  await page.waitForURL(/\/pay\/test\//);

  // Into the shop again by a link (not Back): the order still holds its seats, and the header counts down.
  await page.goto('/');
  // The order answer's hold_expires_at (the organisation's hold_minutes from placing), as the hand-off kept it.
  const kept = await page.evaluate(() => sessionStorage.getItem('kassa.pending-payment'));
  const holdEnd = (JSON.parse(kept ?? 'null') as { holdExpiresAt: string }).holdExpiresAt;
  expect(Date.parse(holdEnd) - Date.now()).toBeGreaterThan(60_000);
  const hold = page.locator('.kassa-hold');
  await expect(hold).toContainText(text('hold.label'));
  await expect(hold.locator('time')).toHaveAttribute('datetime', holdEnd);
  const minutesLeft = Math.floor((Date.parse(holdEnd) - Date.now()) / 60_000);
  await expect(hold.locator('time')).toHaveText(new RegExp(`^(${minutesLeft}|${minutesLeft - 1}):\\d\\d$`));
  await expect(hold).toContainText(text('hold.explain'));
  await expect(hold.getByRole('link', { name: text('hold.pay') })).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'flow-history-hold');
});

test('the coupon modal keeps focus after a bad code and closes on Escape', async ({ page, expectAccessible }) => {
  test.setTimeout(120_000);
  const flex = await product(page, 'flex-ticket');
  await page.goto(`/product/${flex.id}/${flex.slug}`);
  for (let step = 0; step < 3 && !(await stepHeading(page, 'customer').isVisible()); step += 1) {
    await page.getByRole('button', { name: text('product.continue') }).click();
  }
  await atStep(page, 'customer');
  const redeem = page.getByRole('button', { name: text('summary.redeem_coupon') });
  await redeem.click();
  const dialog = page.getByRole('dialog', { name: text('coupon.title') });
  const code = dialog.getByLabel(text('coupon.code'));
  await code.fill('NO-SUCH-CODE');
  await dialog.getByRole('button', { name: text('coupon.apply') }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  await expectAccessible();
  await screenshot(page, 'flow-history-coupon-error');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(redeem).toBeFocused();
});

test('the step indicator on a phone: "Step n of m" and a progress bar', async ({ page, expectAccessible }) => {
  const show = await product(page, 'light-and-colour');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${show.id}/${show.slug}`);
  await atStep(page, 'quantity', false);
  await expect(page.locator('.kassa-steps__compact')).toBeVisible();
  await expect(page.locator('.kassa-steps__count')).toHaveText(
    `${text('steps.count').replace('{{number}}', '1').replace('{{total}}', '6')} · ${text('product.steps.quantity')}`,
  );
  await expect(page.locator('.kassa-steps ol')).toHaveCSS('position', 'absolute');
  await expectAccessible();
});

test('the voucher flow: Back and Forward between its steps keep the quantities', async ({ page }) => {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.vouchers.find((voucher) => voucher.slug === 'gift-card')!;
  const voucher = (await (await page.request.get(`/api/vouchers/${summary.id}`)).json()) as VoucherDetail;
  const value = voucher.values[0]!;
  await page.goto(`/voucher/${voucher.id}/${voucher.slug}`);
  const quantityStep = page.getByRole('heading', { level: 2, name: text('voucher.steps.quantity') });
  const customerStep = page.getByRole('heading', { level: 2, name: text('voucher.steps.customer') });
  await expect(quantityStep).toBeVisible();
  await page.getByRole('button', { name: increase(value.name) }).click();
  await page.getByRole('button', { name: text('product.continue') }).click();
  await expect(customerStep).toBeFocused();
  await page.goBack();
  await expect(quantityStep).toBeVisible();
  await expect(page.getByRole('group', { name: value.name }).locator('output')).toHaveText('1');
  await page.goForward();
  await expect(customerStep).toBeVisible();
});
