import type { APIRequestContext } from '@playwright/test';
import type { Category, HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, SCREENSHOT_WIDTHS, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

/** The seeded shop as the API tells it, so the test copies no seed data. */
async function catalogue(request: APIRequestContext, language = 'en') {
  const headers = { 'Accept-Language': language };
  const home = (await (await request.get('/api/home/products', { headers })).json()) as HomeProducts;
  const categories = (await (await request.get('/api/categories', { headers })).json()) as Category[];
  const uncategorised = [...home.products, ...home.subscriptions, ...home.vouchers].filter(
    (item) => item.category === null && item.state === 'PUBLISHED',
  );
  const topLevel = categories.filter(
    (category) => category.parent === null && category.state === 'PUBLISHED',
  );
  return { uncategorised, topLevel };
}

test.describe('home', () => {
  test('shows uncategorised items first, then the top-level categories (English)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const { uncategorised, topLevel } = await catalogue(request);
    expect(uncategorised.length, 'the demo shop has uncategorised items').toBeGreaterThan(0);
    expect(topLevel.length, 'the demo shop has top-level categories').toBeGreaterThan(0);

    await page.goto('/');
    const offers = page.getByRole('region', { name: text('home.offers') });
    // Products, then subscriptions, then vouchers, each kind in its own sort (the API's order).
    await expect(offers.getByRole('heading', { level: 3 })).toHaveText(
      uncategorised.map((item) => item.title),
    );
    const categories = page.getByRole('region', { name: text('home.categories') });
    for (const category of topLevel) {
      await expect(
        categories.getByRole('link', { name: `${text('item.view_category')}: ${category.title}` }),
      ).toHaveAttribute('href', `/category/${category.id}/${category.slug}`);
    }
    // Offers come before categories in the page.
    const offersBox = await offers.boundingBox();
    const categoriesBox = await categories.boundingBox();
    expect(offersBox!.y).toBeLessThan(categoriesBox!.y);

    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, 'home-en');
  });

  test('leads with the shop’s hero, then the admission tickets before the gift cards (390 and 1280 px)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const organisation = (await (await request.get('/api/organisation')).json()) as Organisation;
    const { uncategorised } = await catalogue(request);
    expect(organisation.hero.title, 'the demo shop has a hero').toBeTruthy();
    const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
    const firstProduct = uncategorised.find((item) =>
      home.products.some((product) => product.id === item.id),
    )!;
    const firstVoucher = uncategorised.find((item) =>
      home.vouchers.some((voucher) => voucher.id === item.id),
    )!;

    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1, name: organisation.hero.title! });
    await expect(hero).toBeVisible();
    await expect(page.getByText(organisation.hero.text!)).toBeVisible();
    await expect(page.locator('.kassa-hero__image')).toHaveAttribute('src', organisation.hero.image!);
    const offers = page.getByRole('region', { name: text('home.offers') });
    const product = offers.getByRole('heading', { level: 3, name: firstProduct.title });
    const voucher = offers.getByRole('heading', { level: 3, name: firstVoucher.title });

    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      const top = async (locator: typeof hero) => (await locator.boundingBox())!.y;
      // The hero's picture is part of the first screen; the first offer follows the hero, then the vouchers.
      expect(await top(page.locator('.kassa-hero__media'))).toBeLessThan(width < 600 ? 844 : 800);
      expect(await top(hero)).toBeLessThan(await top(product));
      expect(await top(product)).toBeLessThan(await top(voucher));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible();
    }
    await loadAllImages(page);
    await screenshot(page, 'home-hero');
  });

  test('long descriptions collapse behind read more / read less', async ({ page }) => {
    await page.goto('/');
    const first = page.getByRole('button', { name: text('read_more.more') }).first();
    const controls = await first.getAttribute('aria-controls');
    // Pin the toggle by what it controls: its name changes when it is used.
    const toggle = page.locator(`button[aria-controls="${controls}"]`);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const content = page.locator(`[id="${controls}"]`);
    expect((await content.boundingBox())!.height).toBeLessThanOrEqual(100);
    await toggle.click();
    await expect(toggle).toHaveText(text('read_more.less'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await content.boundingBox())!.height).toBeGreaterThan(100);
  });

  test('the language switch shows Dutch, asks the API in Dutch, and is remembered', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const { uncategorised } = await catalogue(request, 'nl');
    await page.goto('/');
    await expect(page.getByRole('region', { name: text('home.offers') })).toBeVisible();
    // The server's HTML shows before the switch works: wait until the app has taken over.
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');

    const dutchCall = page.waitForRequest(
      (call) => call.url().endsWith('/api/home/products') && call.headers()['accept-language'] === 'nl',
    );
    await page.getByLabel(text('app.language')).selectOption('nl');
    await dutchCall;
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    const offers = page.getByRole('region', { name: dutch('home.offers') });
    await expect(offers.getByRole('heading', { level: 3 }).first()).toHaveText(uncategorised[0]!.title);
    await expect(page.getByRole('navigation', { name: dutch('app.main_navigation') })).toContainText(
      dutch('nav.shop'),
    );

    await page.reload();
    await expect(page.getByRole('region', { name: dutch('home.categories') })).toBeVisible();
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, 'home-nl');
  });

  test('the skip link leads to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: text('home.offers') })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: text('app.skip_to_content') });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
