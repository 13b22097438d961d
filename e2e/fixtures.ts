import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** The rule sets the storefront is held to (WCAG 2.1 A and AA: axe finds nothing on any page). */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface KassaFixtures {
  /** An axe run over the page as it is now, limited to WCAG 2.1 A and AA rules; chain include/exclude as needed. */
  axe: () => AxeBuilder;
  /** Fails the test with a readable list when axe finds any WCAG 2.1 AA violation on the page. */
  expectAccessible: () => Promise<void>;
}

/**
 * A server-rendered page (decision 0153) shows its controls before React has
 * taken them over, and a click in that moment does nothing. After a load, wait
 * until the layout has marked the document ready; pages the server did not
 * render (no page-data block: the flows, the test gateway) have nothing to wait for.
 */
async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('kassa-page-data') || document.documentElement.dataset.appReady === 'true',
  );
}

export const test = base.extend<KassaFixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await untilInteractive(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await untilInteractive(page);
      return response;
    };
    await use(page);
  },
  axe: async ({ page }, use) => {
    await use(() => new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS));
  },
  expectAccessible: async ({ page }, use) => {
    await use(async () => {
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze();
      const found = violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
          violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
      );
      expect(found, `axe found WCAG 2.1 AA violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };

const screenshotsFolder = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** A phone and a laptop: the two widths every page is checked at. */
export const SCREENSHOT_WIDTHS = [390, 1280] as const;

/**
 * Saves full-page PNGs of the page at 390 and 1280 px wide as
 * e2e/screenshots/<name>-<width>.png (gitignored; look at them), then puts
 * the viewport back.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsFolder, { recursive: true });
  const original = page.viewportSize();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // Let layout settle after the resize (ResizeObserver-driven components).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({
      path: `${screenshotsFolder}${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}
