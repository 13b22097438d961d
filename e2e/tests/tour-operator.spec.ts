import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import { expect, screenshot, test as base } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { freshDataFolder, repoRoot, startServer, type SpecServer } from '../test-server.ts';
import { loadAllImages } from './storefront-page.ts';

const TOUR_FILE = path.join(repoRoot, 'examples', 'tour-operator', 'catalogue.yaml');

/**
 * The catalogue file's promise to a shop owner (decision 0160): one catalogue
 * file and `shop import --apply` make a shop that sells. This spec does what
 * the README's "Run your own shop" says on a fresh PGlite folder: import the
 * tour-operator example (one product, two departures a day, plots generated
 * from its schedule), start the real server without the demo, and buy a ticket
 * for a departure through the test gateway. The shared suite's demo server is
 * not involved.
 */
const test = base.extend<object, { tourServer: SpecServer }>({
  tourServer: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one means none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataFolder = freshDataFolder();
      // The command a shop owner runs (npm run shop -- import … --apply), on the folder the server then opens.
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/shop.ts', 'import', TOUR_FILE, '--apply'],
        { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataFolder, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
      );
      expect(output).toContain('Imported');
      expect(output).toMatch(/harbour-tour: plots .*\d+ added.*\(applied\)/);
      const server = await startServer({ SEED_DEMO: 'false' }, dataFolder);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ tourServer }, use) => {
    await use(tourServer.baseURL);
  },
});

async function harbourTour(request: APIRequestContext): Promise<ProductDetail> {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  expect(home.products.map((product) => product.slug)).toEqual(['harbour-tour']);
  return (await (await request.get(`/api/products/${home.products[0]!.id}`)).json()) as ProductDetail;
}

test('sells a harbour-tour departure from the imported example file, paid on the test gateway', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const tour = await harbourTour(request);
  await page.setViewportSize({ width: 390, height: 844 });

  // Home shows the file's one category, its page the tour (a card's link reads "Book now: <title>").
  await page.goto('/');
  const category = page.getByRole('link', { name: `${text('item.view_category')}: Tours`, exact: true });
  await expect(category).toBeVisible();
  await expectAccessible();
  await loadAllImages(page);
  await screenshot(page, 'tour-operator-home');
  await category.click();
  const book = page.getByRole('link', { name: `${text('item.book_product')}: ${tour.title}`, exact: true });
  await expect(book).toBeVisible();
  await expectAccessible();
  await book.click();

  // Quantity: one adult.
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.quantity') })).toBeVisible();
  const adult = tour.audiences.find((audience) => !audience.dependant)!;
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', adult.name) })
    .click();
  await page.getByRole('button', { name: text('product.continue') }).click();

  // A date is chosen for the visitor; both generated departures are offered.
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.plot') })).toBeVisible();
  await expect(page.locator('.rdp-selected')).toHaveCount(1);
  const departures = page.getByRole('group', { name: text('product.plot.slots') }).getByRole('radio');
  await expect(departures).toHaveCount(2);
  await expect(page.getByRole('group', { name: text('product.plot.slots') })).toContainText('10:00');
  await expect(page.getByRole('group', { name: text('product.plot.slots') })).toContainText('14:00');
  await departures.last().check({ force: true });
  await expectAccessible();
  await screenshot(page, 'tour-operator-departure');
  await page.getByRole('button', { name: text('product.continue') }).click();

  // The example has no upsells or cross-sells: straight to the customer details.
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.customer') })).toBeVisible();
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Lovelace');
  const email = `tour-${Date.now()}@example.org`;
  await page.getByLabel(/^E-mail address/).fill(email);
  const pay = page.getByRole('button', { name: text('summary.pay'), exact: true });
  await expect(pay).toBeEnabled();
  await expectAccessible();
  await screenshot(page, 'tour-operator-customer');
  await pay.click();

  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: false })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(tour.title);
  const download = page.getByRole('link', { name: text('checkoutReturn.download') });
  await expect(download).toBeVisible();
  // The tickets themselves: one PDF page for the one ticket.
  const pdf = await (await request.get((await download.getAttribute('href'))!)).body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // One ticket, then the receipt page (decision 0149).
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  await expectAccessible();
  await screenshot(page, 'tour-operator-paid');
});
