/**
 * The return page (decisions 0050, 0053): "send my tickets again" mails them once
 * more, and a business client's invoiced order says confirmed, not paid.
 * Orders are placed through the API, the way the storefront places them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

// The seed's own constants, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_BUSINESS_CLIENT_EMAIL, DEMO_BUSINESS_CLIENT_PASSWORD } = (await import(seedConstants)) as {
  DEMO_BUSINESS_CLIENT_EMAIL: string;
  DEMO_BUSINESS_CLIENT_PASSWORD: string;
};

const outbox = path.join(process.env.KASSA_E2E_DATA_DIR ?? '', 'outbox');

async function mailsTo(address: string): Promise<number> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  let found = 0;
  for (const file of files)
    if ((await readFile(path.join(outbox, file), 'utf8')).includes(address)) found += 1;
  return found;
}

/** One flex ticket (no date to pick) for `email`; answers the order hash and its payment. */
async function orderFlexTicket(request: APIRequestContext, customer: Record<string, string>) {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const flex = home.products.find((product) => product.slug === 'flex-ticket');
  if (!flex) throw new Error('The demo shop has no flex-ticket');
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  // The demo shop asks for the e-mail address twice.
  const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
  const fields = confirm ? { [confirm]: customer.email } : {};
  const response = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: { first_name: 'Ada', last_name: 'Lovelace', fields, ...customer },
      orders: [{ product: { id: flex.id, quantity: 1 } }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [answer] = (await response.json()).response.orders;
  return answer as { order: { status: string; hash: string }; payment: { hash: string }; invoice: boolean };
}

test('send my tickets again mails them once more', async ({ page, expectAccessible }) => {
  test.setTimeout(120_000);
  const email = `resend-${Date.now()}@example.org`;
  const placed = await orderFlexTicket(page.request, { email });
  const paid = await page.request.post(`/pay/test/${placed.payment.hash}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect.poll(() => mailsTo(email), { timeout: 15_000 }).toBe(1);

  await page.goto(`/checkout/return/${placed.order.hash}`);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await page.getByRole('button', { name: text('resendTickets.button') }).click();
  await expect(page.getByText(text('resendTickets.done').replace('{{email}}', email))).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'return-tickets-sent-again');
  await expect.poll(() => mailsTo(email), { timeout: 15_000 }).toBe(2);
});

test('a business client on invoice gets an INVOICED order with its tickets', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const email = `invoice-${Date.now()}@example.org`;
  // Logged in as the business client (decision 0120): its session token goes with the order.
  const login = await page.request.post('/api/client/login', {
    data: { email: DEMO_BUSINESS_CLIENT_EMAIL, password: DEMO_BUSINESS_CLIENT_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const placed = await orderFlexTicket(page.request, { email, token });
  expect(placed).toMatchObject({ invoice: true, order: { status: 'INVOICED' } });
  // Anyone else typing a company name pays.
  const visitor = await orderFlexTicket(page.request, { email, company: 'Acme' });
  expect(visitor).toMatchObject({ invoice: false, order: { status: 'PENDING' } });

  await page.goto(`/checkout/return/${placed.order.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: text('invoiced.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download') })).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'return-invoiced');
  await expect.poll(() => mailsTo(email), { timeout: 15_000 }).toBe(1);
});
