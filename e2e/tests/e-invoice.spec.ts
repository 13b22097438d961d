/**
 * A company's paid order (decision 0244): the return page offers the
 * invoice as PDF and as an EN 16931 e-invoice (UBL), the XML downloads, and
 * a private buyer's page offers no e-invoice. Orders are placed through the
 * API, the way the storefront places them.
 */
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

async function paidFlexTicket(request: APIRequestContext, customer: Record<string, string>) {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const flex = home.products.find((product) => product.slug === 'flex-ticket');
  if (!flex) throw new Error('The demo shop has no flex-ticket');
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
  const response = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        fields: confirm ? { [confirm]: customer.email } : {},
        ...customer,
      },
      orders: [{ product: { id: flex.id, quantity: 2 } }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [answer] = (await response.json()).response.orders;
  const paid = await request.post(`/pay/test/${answer.payment.hash}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return answer.order.hash as string;
}

test('a company’s return page links its e-invoice, which downloads as UBL', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const hash = await paidFlexTicket(page.request, {
    email: `einvoice-${Date.now()}@example.org`,
    company: 'Analytical Engines BV',
    vat_id: 'NL987654321B01',
  });
  await page.goto(`/checkout/return/${hash}`);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_invoice') })).toBeVisible();
  const link = page.getByRole('link', { name: text('checkoutReturn.download_einvoice') });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toBe(`/api/orders/${hash}/invoice.xml`);
  const xml = await page.request.get(href!);
  expect(xml.status()).toBe(200);
  expect(xml.headers()['content-type']).toMatch(/^application\/xml/);
  expect(await xml.text()).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');
  await expectAccessible();
  await screenshot(page, 'return-einvoice');
});

test('a private buyer’s return page offers no e-invoice', async ({ page }) => {
  test.setTimeout(120_000);
  const hash = await paidFlexTicket(page.request, { email: `private-${Date.now()}@example.org` });
  await page.goto(`/checkout/return/${hash}`);
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_invoice') })).toBeVisible();
  await expect(page.getByRole('link', { name: text('checkoutReturn.download_einvoice') })).toHaveCount(0);
});
