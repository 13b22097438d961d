import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import { expect, screenshot, test as base } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { freshDataFolder, repoRoot, scratchFolder, startServer, type SpecServer } from '../test-server.ts';

const TOUR_FOLDER = path.join(repoRoot, 'examples', 'tour-operator');

/**
 * Rush mode (decisions 0265–0267), end to end: the tour-operator example
 * with a rush on its tour that opened a minute ago at 6 admissions a minute,
 * imported with `shop import --apply` the way a shop sets it. Three visitors
 * queue by the API first; then a visitor in the browser opens the tour, is
 * sent to the waiting room, sees their place, waits, is admitted and books
 * with the pass.
 */
const test = base.extend<object, { rushServer: SpecServer }>({
  rushServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const source = parse(readFileSync(path.join(TOUR_FOLDER, 'catalogue.yaml'), 'utf8'));
      const now = Date.now();
      source.products[0].rush = {
        opens_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 3 * 3_600_000).toISOString(),
        admit: 6,
        pass_minutes: 10,
      };
      // Beside the example's images, which the file names relative to itself.
      const folder = mkdtempSync(path.join(scratchFolder, 'rush-catalogue-'));
      execFileSync('cp', ['-r', path.join(TOUR_FOLDER, 'images'), folder]);
      const file = path.join(folder, 'catalogue.yaml');
      writeFileSync(file, stringify(source));
      const dataFolder = freshDataFolder();
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/shop.ts', 'import', file, '--apply'],
        { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataFolder, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
      );
      expect(output).toContain('Imported');
      const server = await startServer({ SEED_DEMO: 'false' }, dataFolder);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ rushServer }, use) => {
    await use(rushServer.baseURL);
  },
});

test('a visitor arriving during a rush waits in the waiting room, is admitted and books', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const tour = home.products[0]!;
  const rush = await (await request.get(`/api/products/${tour.id}/rush`)).json();
  expect(rush.response.rush.active).toBe(true);

  // Three visitors ahead, queued by the API.
  for (let i = 0; i < 3; i += 1) {
    const joined = await request.post('/api/waiting-room/join', { data: { productId: tour.id } });
    expect(joined.status()).toBe(200);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${tour.id}/${tour.slug}`);
  await page.waitForURL(new RegExp(`/waiting-room/${tour.id}/`));
  await expect(page.getByRole('heading', { level: 1, name: text('waitingRoom.title') })).toBeVisible();
  const position = page.getByText(text('waitingRoom.position_label'));
  const admittedHeading = page.getByRole('heading', { level: 1, name: text('waitingRoom.admitted_title') });
  // Either still waiting with a place shown, or (on a slow machine) let in already.
  await expect(position.or(admittedHeading)).toBeVisible();
  if (await position.isVisible()) {
    await expect(page.locator('[aria-live="polite"]')).toContainText(/\d/);
    await expectAccessible();
    await screenshot(page, 'waiting-room-waiting');
    // The place survives a reload.
    await page.reload();
    await expect(position.or(admittedHeading)).toBeVisible();
  }

  // Let in at 6 a minute: within a minute or so the page says so by itself.
  await expect(admittedHeading).toBeVisible({ timeout: 90_000 });
  await expect(admittedHeading).toBeFocused();
  await expectAccessible();
  await screenshot(page, 'waiting-room-admitted');
  await page.getByRole('link', { name: text('waitingRoom.book_now') }).click();

  // The booking, with the pass.
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.quantity') })).toBeVisible();
  await page
    .getByRole('button', { name: /^One more/ })
    .first()
    .click();
  await page.getByRole('button', { name: text('product.continue') }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.plot') })).toBeVisible();
  const departures = page.getByRole('group', { name: text('product.plot.slots') }).getByRole('radio');
  await departures.last().check({ force: true });
  await page.getByRole('button', { name: text('product.continue') }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.customer') })).toBeVisible();
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Lovelace');
  await page.getByLabel(/^E-mail address/).fill(`rush-${Date.now()}@example.org`);
  await page.getByRole('button', { name: text('summary.pay'), exact: true }).click();
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
});
