/**
 * What brought the visitor (the landing page's campaign tags, the referrer)
 * is captured on the visit's first page and sent with the order placed pages
 * later (decision 0194).
 */
import type { Page } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function fillCustomer(page: Page, email: string) {
  const org = (await (await page.request.get('/api/organisation')).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  const input = (type: string) => page.getByLabel(new RegExp(`^${escapeRegExp(field(type))}\\b`));
  await input('FIRST_NAME').fill('Grace');
  await input('LAST_NAME').fill('Hopper');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
}

test('the landing page’s campaign tags and referrer go with an order placed pages later', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const landing = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';
  await page.goto(landing, { referer: 'https://blog.example/museum-night' });
  // Another page of the visit, with other tags and the shop as referrer: the first page's stay.
  await page.goto('/faq?utm_source=elsewhere');

  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const voucher = home.vouchers.find((candidate) => candidate.slug === 'gift-card')!;
  await page.goto(`/voucher/${voucher.id}/${voucher.slug}`);
  const oneMore = text('product.quantity.increase').replace('{{name}}', '');
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(oneMore)}`) })
    .first()
    .click();
  await page.getByRole('button', { name: text('product.continue') }).click();
  await fillCustomer(page, `tags-${Date.now()}@example.org`);

  const placed = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/vouchers' &&
      (request.postDataJSON() as { simulate?: boolean }).simulate !== true,
  );
  await page.getByRole('button', { name: text('summary.pay'), exact: true }).click();
  const body = (await placed).postDataJSON() as { enrichment?: Record<string, string> };
  expect(body.enrichment).toEqual({
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'spring',
    landing_page: landing,
    referrer: 'https://blog.example/museum-night',
  });
  await page.waitForURL(/\/pay\/test\//);
});
