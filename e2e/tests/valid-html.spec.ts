import type { Page } from '@playwright/test';
import { htmlErrors } from '../html-checker.ts';
import { expect, test } from '../fixtures.ts';

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

/** The first category and product page the sitemap lists (the demo shop's). */
async function catalogPaths(page: Page): Promise<{ category: string; product: string }> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const path = (kind: string) =>
    new URL(new RegExp(`<loc>([^<]*/${kind}/\\d+/[^<]+)</loc>`).exec(sitemap)?.[1] ?? '').pathname;
  return { category: path('category'), product: path('product') };
}

test('every page the server renders is valid HTML for the W3C Nu Html Checker, in every language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { category, product } = await catalogPaths(page);
  const paths = {
    home: '/',
    category,
    product,
    calendar: '/calendar',
    faq: '/faq',
    'not-found': '/no/such/page',
    'gone-product': '/product/999999/retired-tour',
  };
  const documents: Record<string, string> = {};
  for (const language of LANGUAGES) {
    for (const [name, path] of Object.entries(paths)) {
      const response = await page.request.get(`${path}?lang=${language}`);
      const html = await response.text();
      // Server-rendered: the content is in the HTML the checker reads.
      expect(html, `${name} ${language}`).toMatch(/<div id="root"><[a-z]/);
      documents[`${name}-${language}`] = html;
    }
  }
  expect(await htmlErrors(documents)).toEqual([]);
});
