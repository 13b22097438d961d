import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_WIDTHS, screenshot, test } from '../fixtures.ts';

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

/** A text of one of the storefront's locale files, at a dotted key. */
function text(language: string, key: string): string {
  const file = fileURLToPath(new URL(`../../apps/storefront/src/locales/${language}.json`, import.meta.url));
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${language}.json has no text at ${key}`);
  return node;
}

/** The first category and product page the sitemap lists (the demo shop's). */
async function catalogPaths(page: Page): Promise<{ category: string; product: string }> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const path = (kind: string) =>
    new URL(new RegExp(`<loc>([^<]*/${kind}/\\d+/[^<]+)</loc>`).exec(sitemap)?.[1] ?? '').pathname;
  return { category: path('category'), product: path('product') };
}

const screenshotsFolder = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * The fixture's screenshot() waits for animation frames through page.evaluate,
 * which a page without JavaScript never answers: the same two widths, without the wait.
 */
async function screenshotWithoutScripts(page: Page, name: string): Promise<void> {
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${screenshotsFolder}${name}-${width}.png`, fullPage: true });
  }
}

/**
 * Before any script runs, remembers the first <h1> the HTML parser creates:
 * after hydration the page must still show that very element (a page
 * rendered again in the browser would have replaced it).
 */
async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('#root h1');
      if (heading) {
        (window as unknown as { serverHeading: Element }).serverHeading = heading;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

test.describe('catalogue pages arrive with their content and hydrate (decision 0153)', () => {
  for (const language of LANGUAGES) {
    test(`home, a category, a product, the calendar and the FAQ in ${language} hydrate without errors or requests`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const { category, product } = await catalogPaths(page);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/'))
          apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
      });
      await rememberServerHeading(page);

      for (const path of ['/', category, product, '/calendar', '/faq']) {
        apiCalls.length = 0;
        const response = await page.goto(`${path}?lang=${language}`);
        const html = (await response?.text()) ?? '';
        expect(html, path).toContain('id="kassa-page-data"');
        expect(html, path).toMatch(/<div id="root"><a class="kassa-skip-link"/);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('link', { name: text(language, 'nav.calendar') }).first()).toBeVisible();
        // Hydrated, not rendered again: the server's heading is still the one on screen.
        expect(
          await page.evaluate(
            () =>
              (window as unknown as { serverHeading?: Element }).serverHeading ===
              document.querySelector('#root h1'),
          ),
          `${path}: the server's <h1> survived hydration`,
        ).toBe(true);
        expect(apiCalls, `${path}: the page's data came with the page`).toEqual([]);
        if (language === 'de' && path === product)
          await screenshot(page, 'server-rendered-product-hydrated-de');
      }
      expect(problems).toEqual([]);
    });
  }

  test('a visitor who chose another language gets the page rendered again in theirs, once, without errors', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
    const html = (await (await page.goto('/faq'))?.text()) ?? '';
    // The server wrote the page in the shop's default language; the browser shows the visitor's.
    expect(html).toContain('id="kassa-page-data"');
    await expect(page.getByRole('heading', { level: 1, name: text('nl', 'faq.title') })).toBeVisible();
    await expect(page.locator('.kassa-header')).toHaveCount(1);
    await expect(page.locator('#root h1')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('the HTML alone shows each page, with JavaScript off', async ({ browser, page }) => {
    // Five pages with a screenshot each: a busy 2-core machine needs more than the default 30 s.
    test.setTimeout(90_000);
    const { category, product } = await catalogPaths(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    const pages = [
      { name: 'home', path: '/', heading: /./ },
      { name: 'category', path: category, heading: /./ },
      { name: 'product', path: product, heading: /./ },
      { name: 'calendar', path: '/calendar?lang=de', heading: text('de', 'calendar.title') },
      { name: 'faq', path: '/faq?lang=fr', heading: text('fr', 'faq.title') },
    ];
    for (const { name, path, heading } of pages) {
      await bare.goto(path);
      await expect(bare.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await screenshotWithoutScripts(bare, `server-rendered-no-js-${name}`);
    }
    await context.close();
  });
});
