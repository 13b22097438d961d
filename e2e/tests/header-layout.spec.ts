import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} has no box`);
  return found;
}

/** The area two boxes share, in square pixels (0: they do not overlap). */
function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The header's parts: the shop's name, each menu link, the cart button and the language choice. */
function headerParts(page: Page) {
  const header = page.getByRole('banner');
  return {
    brand: header.locator('.kassa-header__brand'),
    links: header.getByRole('navigation').getByRole('link'),
    cart: header.getByRole('button', { name: /./ }).first(),
    language: header.getByRole('combobox'),
  };
}

async function screenshotHeader(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').screenshot({ path: `screenshots/${name}.png`, animations: 'disabled' });
}

test.describe('the header at 390 px (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of LANGUAGES) {
    test(`${language}: the cart does not cover the shop's name, and every menu link is on the screen`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${language}`);
      await screenshotHeader(page, `header-390-${language}`);
      const { brand, links, cart, language: select } = headerParts(page);
      const name = await box(brand);
      for (const tool of [cart, select]) expect(overlap(name, await box(tool)), String(tool)).toBe(0);
      // The name is not cut either: all of its text is inside its box.
      expect(await brand.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(4);
      for (let index = 0; index < count; index += 1) {
        const link = await box(links.nth(index));
        expect(link.x, `link ${index} starts on the screen`).toBeGreaterThanOrEqual(0);
        expect(link.x + link.width, `link ${index} ends on the screen`).toBeLessThanOrEqual(390);
      }
    });
  }
});

test.describe('the header at 1280 px (a laptop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  async function expectOneRow(page: Page): Promise<void> {
    const { brand, links, cart, language: select } = headerParts(page);
    const parts = [await box(brand), await box(cart), await box(select)];
    const count = await links.count();
    for (let index = 0; index < count; index += 1) parts.push(await box(links.nth(index)));
    // One row: every part shares one horizontal band with every other.
    const top = Math.max(...parts.map((part) => part.y));
    const bottom = Math.min(...parts.map((part) => part.y + part.height));
    expect(bottom - top, 'the parts share a band of the header').toBeGreaterThan(20);
    // And the shop's name is one line, not broken over two.
    const lineHeight = await brand.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await box(brand)).height).toBeLessThan(Math.max(lineHeight * 1.5, 48));
  }

  for (const language of LANGUAGES) {
    test(`${language}: the header is one row, with an empty cart and with one showing its total`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${language}`);
      await screenshotHeader(page, `header-1280-${language}`);
      await expectOneRow(page);

      // A waiting order: the cart button shows its total too.
      await page.evaluate(() =>
        sessionStorage.setItem(
          'kassa.cart',
          JSON.stringify([
            {
              product: { id: 1, plot: null, quantity: 2 },
              audiences: [],
              upsells: [],
              summary: {
                title: 'Tickets',
                slug: 'tickets',
                when: null,
                lines: [],
                subtotalCents: 123450,
                tickets: [],
              },
            },
          ]),
        ),
      );
      await page.reload();
      await expect(page.locator('.kassa-header-cart__total')).toBeVisible();
      await screenshotHeader(page, `header-1280-${language}-cart`);
      await expectOneRow(page);
    });
  }
});
