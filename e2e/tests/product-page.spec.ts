import type { APIRequestContext, Page } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import { expect, SCREENSHOT_WIDTHS, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

/** The published demo products with their details, as the API tells them (no seed data copied). */
async function productDetails(request: APIRequestContext, language: string): Promise<ProductDetail[]> {
  const headers = { 'Accept-Language': language };
  const home = (await (await request.get('/api/home/products', { headers })).json()) as HomeProducts;
  return Promise.all(
    home.products
      .filter((product) => product.state === 'PUBLISHED' && product.visible)
      .map(
        async (product) =>
          (await (await request.get(`/api/products/${product.id}`, { headers })).json()) as ProductDetail,
      ),
  );
}

/** Where an element's box ends, in page coordinates (independent of scrolling). */
async function bottomOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
}

/** Decision 0141: what the visitor books is shown before the steps ask anything. */
test.describe('product page', () => {
  test('shows the image, the description and the key facts above the first step (390 and 1280 px)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const details = await productDetails(request, 'en');
    const product = details.find((detail) => detail.slug === 'museum-admission') ?? details[0]!;
    expect(product.key_facts.length).toBeGreaterThanOrEqual(3);
    await page.goto(`/product/${product.id}/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();

    const facts = page.getByRole('region', { name: text('product.facts.label') });
    for (const fact of product.key_facts) {
      await expect(
        facts
          .getByRole('term')
          .filter({ hasText: text(`product.facts.kinds.${fact.kind}`) })
          .first(),
      ).toBeVisible();
      await expect(facts.getByRole('definition').filter({ hasText: fact.text })).toBeVisible();
    }
    await expect(page.getByText(product.description.slice(0, 40))).toBeVisible();
    const image = page.locator('.kassa-product-intro__image');
    await expect(image).toHaveAttribute('src', product.image!);

    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      // The image, the description and the facts all end before the step list starts.
      await expect(page.locator('#kassa-step-title')).toBeVisible();
      const stepsTop = await page.evaluate(() =>
        Math.min(
          ...Array.from(document.querySelectorAll('.kassa-steps, #kassa-step-title')).map(
            (element) => element.getBoundingClientRect().top + window.scrollY,
          ),
        ),
      );
      expect(await bottomOf(page, '.kassa-product-intro__media')).toBeLessThanOrEqual(stepsTop);
      expect(await bottomOf(page, '.kassa-product-intro__description')).toBeLessThanOrEqual(stepsTop);
      expect(await bottomOf(page, '.kassa-key-facts')).toBeLessThanOrEqual(stepsTop);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The image box keeps its 16:9 shape whether or not the file has arrived (no layout shift).
      const media = (await page.locator('.kassa-product-intro__media').boundingBox())!;
      expect(Math.abs(media.width / media.height - 16 / 9)).toBeLessThan(0.05);
      await expectAccessible();
    }
    await loadAllImages(page);
    await screenshot(page, 'product-page-en');
  });

  test('shows the key facts in the visitor’s language (Dutch), and every product has its own', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const details = await productDetails(request, 'nl');
    for (const detail of details) expect(detail.key_facts.length, detail.slug).toBeGreaterThanOrEqual(3);
    const product = details.find((detail) => detail.slug === 'escape-room') ?? details[0]!;
    await page.goto(`/product/${product.id}/${product.slug}?lang=nl`);
    const facts = page.getByRole('region', { name: dutch('product.facts.label') });
    await expect(facts.getByRole('definition')).toHaveText(product.key_facts.map((fact) => fact.text));
    await expect(facts.getByRole('term').first()).toHaveText(
      dutch(`product.facts.kinds.${product.key_facts[0]!.kind}`),
    );
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, 'product-page-nl');
  });

  for (const language of ['en', 'nl'] as const) {
    test(`prints the calendar’s day prices at 12 px or more, all with the same decimals (${language})`, async ({
      page,
      request,
      expectAccessible,
    }) => {
      const say = language === 'en' ? text : dutch;
      const details = await productDetails(request, language);
      const product = details.find(
        (detail) =>
          detail.options.days && !detail.settings.show_availability && detail.types.price === 'FIXED',
      )!;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/product/${product.id}/${product.slug}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
      const tickets = say('product.quantity.tickets');
      await page
        .getByRole('button', { name: say('product.quantity.increase').replace('{{name}}', tickets) })
        .click();
      const firstCount = Number(await page.locator('output.kassa-quantity__value').first().textContent());
      await page.getByRole('button', { name: say('product.continue') }).click();
      await expect(page.getByRole('heading', { level: 2, name: say('product.steps.plot') })).toBeVisible();
      const prices = page.locator('.kassa-day__price');
      await expect(prices.first()).toBeVisible();
      const shown = await prices.evaluateAll((cells) =>
        cells.map((cell) => ({
          text: cell.textContent ?? '',
          size: parseFloat(getComputedStyle(cell).fontSize),
          fits:
            cell.getBoundingClientRect().width <=
            (cell.parentElement?.getBoundingClientRect().width ?? 0) + 0.5,
        })),
      );
      // The whole month fits the phone's width: no day is cut off.
      const calendar = (await page.locator('.kassa-plot-calendar').boundingBox())!;
      const month = (await page.locator('.kassa-plot-calendar .rdp-month_grid').first().boundingBox())!;
      expect(month.x + month.width).toBeLessThanOrEqual(calendar.x + calendar.width + 0.5);
      for (const cell of shown) {
        expect(cell.size, cell.text).toBeGreaterThanOrEqual(12);
        expect(cell.fits, `${cell.text} fits its day`).toBe(true);
      }
      const decimals = new Set(shown.map((cell) => (/[.,]\d{2}\b/.test(cell.text) ? 2 : 0)));
      expect(decimals.size, shown.map((cell) => cell.text).join(' ')).toBe(1);
      await expectAccessible();
      await screenshot(page, `product-page-calendar-${language}`);

      // Five tickets at €22.50: a day's total passes €100 ("€ 112,50" is wider than a phone's day). The
      // cells then show the bare amounts, every one of them fits, and the month says the currency once.
      await page.goBack();
      const more = page.getByRole('button', {
        name: say('product.quantity.increase').replace('{{name}}', tickets),
      });
      const count = page.locator('output.kassa-quantity__value').first();
      while (Number(await count.textContent()) < 5) await more.click();
      await expect(count).toHaveText('5');
      await page.getByRole('button', { name: say('product.continue') }).click();
      await expect(page.getByRole('heading', { level: 2, name: say('product.steps.plot') })).toBeVisible();
      await expect(prices.first()).toHaveText(/1\d\d/);
      const totals = await prices.evaluateAll((cells) =>
        cells.map((cell) => ({
          text: cell.textContent ?? '',
          fits:
            cell.getBoundingClientRect().width <=
            (cell.parentElement?.getBoundingClientRect().width ?? 0) + 0.5,
        })),
      );
      for (const cell of totals) expect(cell.fits, `${cell.text} fits its day`).toBe(true);
      // The same days' totals for five tickets instead of firstCount, every one past €100. Which prices
      // those are depends on the day the test runs (late on the month's last Friday only weekend days
      // at €25.00 are left), so the totals are compared with the days' own earlier totals.
      const cents = (shownPrice: string) =>
        Math.round(Number(shownPrice.replace(/[^\d,.]/g, '').replace(',', '.')) * 100);
      expect(
        totals.map((cell) => cents(cell.text)),
        totals.map((cell) => cell.text).join(' '),
      ).toEqual(shown.map((cell) => (cents(cell.text) / firstCount) * 5));
      for (const cell of totals) expect(cents(cell.text), cell.text).toBeGreaterThan(100_00);
      await expect(page.locator('.kassa-plot-calendar__currency')).toHaveText(
        say('product.plot.prices_in').replace('{{currency}}', '€'),
      );
      await screenshot(page, `product-page-calendar-five-${language}`);
    });
  }
});
