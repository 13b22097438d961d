import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

/**
 * A visitor following an old link — a product or a category the shop no
 * longer has — gets a 404 (noindex) with the not-found page in the HTML,
 * and is told the item is gone: on that page, and on home, where the
 * storefront then takes them (decision 0197).
 */
const OLD_LINKS = [
  { kind: 'product', path: '/product/999999/retired-tour' },
  { kind: 'category', path: '/category/999999/old-exhibitions' },
] as const;

for (const { kind, path } of OLD_LINKS) {
  test(`an old ${kind} link answers 404 and the visitor is told the ${kind} is gone`, async ({
    page,
    expectAccessible,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<meta name="robots" content="noindex">');
    // Server-rendered: the words are in the HTML before any script runs.
    expect(html).toContain(text(`gone.${kind}`));

    // The storefront goes home and says why there.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: text(`gone.${kind}`) })).toBeVisible();
    await expect(page.getByText(text('gone.home_text'))).toBeVisible();
    await expectAccessible();
    await screenshot(page, `old-${kind}-link-home`);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an old product link shows the not-found page saying the product is gone, with a way home', async ({
    page,
  }) => {
    const response = await page.goto('/product/999999/retired-tour', { waitUntil: 'commit' });
    expect(response?.status()).toBe(404);
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1, name: text('gone.product') })).toBeVisible();
    await expect(page.getByText(text('gone.text'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('not_found.home') })).toHaveAttribute('href', '/');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/old-product-link-no-js-${width}.png`, fullPage: true });
    }
  });
});
