import type { Page, Request } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test as base } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { startServer, type SpecServer } from '../test-server.ts';
import { dutch } from './storefront-page.ts';

/**
 * The real ALTCHA widget against the real server (decision 0030). The shared
 * e2e server turns the per-IP captcha rule off, because every spec orders
 * from 127.0.0.1; these tests start a server of their own with
 * CAPTCHA_ORDERS_PER_IP=1 and its own database, so the first order from this
 * address goes through and every later one asks for a captcha.
 */
const test = base.extend<object, { captchaServer: SpecServer }>({
  captchaServer: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one means none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ CAPTCHA_ORDERS_PER_IP: '1' });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ captchaServer }, use) => {
    await use(captchaServer.baseURL);
  },
});

// One server and one per-IP budget: the first test spends it.
test.describe.configure({ mode: 'serial' });

/** The storefront's words in one language, and that language for the API (names and titles are translated). */
interface Texts {
  t: (key: string) => string;
  language: 'en' | 'nl';
}
const english: Texts = { t: text, language: 'en' };
const inDutch: Texts = { t: dutch, language: 'nl' };

/** The flex ticket: no days, so quantity → extras → customer, the shortest way to the pay button. */
async function flexTicket(page: Page, language: string): Promise<ProductDetail> {
  const headers = { 'accept-language': language };
  const home = (await (await page.request.get('/api/home/products', { headers })).json()) as HomeProducts;
  const summary = home.products.find((product) => product.slug === 'flex-ticket');
  if (!summary) throw new Error('The demo shop has no flex-ticket');
  return (await (await page.request.get(`/api/products/${summary.id}`, { headers })).json()) as ProductDetail;
}

/** Home → flex ticket → extras → customer details filled in, in the page's language; returns the pay button. */
async function fillOrder(page: Page, { t, language }: Texts, email: string) {
  const product = await flexTicket(page, language);
  const org = (await (
    await page.request.get('/api/organisation', { headers: { 'accept-language': language } })
  ).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  await page.goto('/');
  await page.getByRole('link', { name: product.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const customerStep = page.getByRole('heading', { level: 2, name: t('product.steps.customer') });
  for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) {
    await page.getByRole('button', { name: t('product.continue') }).click();
  }
  await expect(customerStep).toBeVisible();
  // Labels start with the field's name; required ones end with a marker.
  const input = (type: string) => page.getByLabel(new RegExp(`^${escapeRegExp(field(type))}\\b`));
  await input('FIRST_NAME').fill('Ada');
  await input('LAST_NAME').fill('Lovelace');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
  const pay = page.getByRole('button', { name: t('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  return pay;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

/** A real submission (pay) of POST /api/orders that carries a captcha. */
const isOrderWithCaptcha = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/api/orders' &&
  typeof (request.postDataJSON() as { captcha?: unknown } | null)?.captcha === 'string';

interface ErrorAnswer {
  ok: false;
  error: { code: string };
}

test('a visitor asked for a captcha solves the real ALTCHA challenge and the order goes on to payment', async ({
  page,
  expectAccessible,
}) => {
  // The per-address order count is a sliding window (decision 0274): every order below, and the next
  // test's, counts the ones before it, whenever on the clock the test runs.
  test.setTimeout(150_000);
  // The first order from this address needs no captcha.
  await (await fillOrder(page, english, uniqueEmail('first'))).click();
  await page.waitForURL(/\/pay\/test\//);

  // The second one does: the server answers SECURITY_CAPTCHA_REQUIRED and the modal opens.
  const email = uniqueEmail('captcha');
  const pay = await fillOrder(page, english, email);
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/orders' && response.status() === 403,
  );
  await pay.click();
  expect(((await (await refused).json()) as ErrorAnswer).error.code).toBe('SECURITY_CAPTCHA_REQUIRED');
  const modal = page.getByRole('dialog', { name: text('product.captcha.title') });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(text('product.captcha.text'))).toBeVisible();
  const robot = modal.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(robot).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'captcha-modal');

  // The proof of work runs in the browser; the order is sent again with its payload.
  const retried = page.waitForRequest(isOrderWithCaptcha);
  // A visitor clicks the label (the check mark drawn over the box forwards its clicks to it too).
  await modal.getByText("I'm not a robot", { exact: true }).click();
  const retry = await retried;
  const body = retry.postDataJSON() as Record<string, unknown> & { captcha: string };
  const payload = JSON.parse(Buffer.from(body.captcha, 'base64').toString('utf8')) as {
    challenge: { signature: string };
    solution: { counter: number; derivedKey: string };
  };
  // The server's deterministic challenge hides a counter of at least 300: the browser really worked.
  expect(payload.solution.counter).toBeGreaterThanOrEqual(300);
  await page.waitForURL(/\/pay\/test\//);
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: false })).toBeVisible();

  // The payload was spent on that order: sent again, it is refused, and so is a tampered or missing one.
  const headers = { 'idempotency-key': `replay-${Date.now()}` };
  const replayed = await page.request.post('/api/orders', { data: body, headers });
  expect(replayed.status()).toBe(403);
  expect(((await replayed.json()) as ErrorAnswer).error.code).toBe('SECURITY_CAPTCHA_INVALID');

  const tampered = Buffer.from(
    JSON.stringify({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } }),
  ).toString('base64');
  const forged = await page.request.post('/api/orders', {
    data: { ...body, captcha: tampered },
    headers: { 'idempotency-key': `forged-${Date.now()}` },
  });
  expect(forged.status()).toBe(403);
  expect(((await forged.json()) as ErrorAnswer).error.code).toBe('SECURITY_CAPTCHA_INVALID');

  const { captcha: _spent, ...without } = body;
  const missing = await page.request.post('/api/orders', {
    data: without,
    headers: { 'idempotency-key': `missing-${Date.now()}` },
  });
  expect(missing.status()).toBe(403);
  expect(((await missing.json()) as ErrorAnswer).error.code).toBe('SECURITY_CAPTCHA_REQUIRED');
});

test('the captcha modal and the widget speak Dutch, and the solved order goes on to payment', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
  const pay = await fillOrder(page, inDutch, uniqueEmail('nl'));
  await pay.click();
  const modal = page.getByRole('dialog', { name: dutch('product.captcha.title') });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(dutch('product.captcha.text'))).toBeVisible();
  // ALTCHA's own Dutch label: the widget got its language, not just the attribute.
  const robot = modal.getByRole('checkbox', { name: 'Ik ben geen robot' });
  await expect(robot).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'captcha-modal-nl');

  // By keyboard this time: the checkbox takes focus and Space starts the proof of work.
  const retried = page.waitForRequest(isOrderWithCaptcha);
  await robot.focus();
  await page.keyboard.press('Space');
  await retried;
  await page.waitForURL(/\/pay\/test\//);
});
