import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeY4m } from '../camera-feed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-args.ts';
import {
  buyTicketsForToday,
  startDoorServer,
  STAFF_EMAIL,
  STAFF_NAME,
  STAFF_PASSWORD,
} from '../door-fixtures.ts';
import { expect, screenshot, test as base } from '../fixtures.ts';
import { scratchFolder, type SpecServer } from '../test-server.ts';

/**
 * The door (issue #17): staff log in, the camera reads a real ticket's QR
 * code (Chromium's fake camera plays a Y4M made from the QR image in the
 * ticket PDF), the ticket is let in once, and offline scanning queues,
 * syncs and reports a ticket let in twice.
 */
const cameraFile = path.join(scratchFolder, 'door-camera.y4m');
mkdirSync(scratchFolder, { recursive: true });

const test = base.extend<object, { door: SpecServer }>({
  door: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startDoorServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 400_000 },
  ],
  baseURL: async ({ door }, use) => {
    await use(door.baseURL);
  },
});

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
  permissions: ['camera'],
});
test.describe.configure({ mode: 'serial' });

async function logIn(page: Page) {
  await page.goto('/staff/scan');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();
  await page.getByLabel('E-mail').fill(STAFF_EMAIL);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan tickets' })).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Type a code').fill(code);
  await page.getByRole('button', { name: 'Check code' }).click();
}

const answer = (page: Page, name: string) => page.getByRole('alertdialog', { name });

test('staff log in, the camera reads a ticket: valid, then already used', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const bought = await buyTicketsForToday(request, 1, 'camera@example.test');
  writeY4m(bought.images[0]!, cameraFile);

  await page.goto('/staff/login');
  await expectAccessible();
  await screenshot(page, 'staff-login');
  await logIn(page);
  await expect(page.getByText(/Ready for offline use/)).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-scan');

  await page.getByRole('button', { name: 'Start camera' }).click();
  const valid = answer(page, 'Valid');
  await expect(valid).toBeVisible({ timeout: 30_000 });
  await expect(valid.getByText('Zoo day')).toBeVisible();
  await expect(valid.getByText('Tickets of this order let in: 1 of 1')).toBeVisible();
  await expect(valid.getByRole('button', { name: 'Next scan' })).toBeFocused();
  await expectAccessible();
  await screenshot(page, 'staff-scan-valid');

  // The same ticket is still in front of the camera.
  await valid.getByRole('button', { name: 'Next scan' }).click();
  const used = answer(page, 'Already used');
  await expect(used).toBeVisible({ timeout: 30_000 });
  await expect(used.getByText(new RegExp(`by ${STAFF_NAME}$`))).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-scan-already-used');
  await used.getByRole('button', { name: 'Next scan' }).click();
  await page.getByRole('button', { name: 'Stop camera' }).click();

  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const zooRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Zoo day' }) });
  await expect(zooRow).toBeVisible();
  await page.getByLabel('Order number or e-mail address').fill(bought.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/Let in at \d\d:\d\d/)).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-today');

  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Vandaag' })).toBeVisible();
  await expectAccessible();
});

test("offline, the scanner admits from today's list, then syncs and reports a ticket let in twice", async ({
  page,
  browser,
  request,
  baseURL,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const { codes } = await buyTicketsForToday(request, 2, 'offline@example.test');
  const [first, second] = codes as [string, string];
  await logIn(page);
  await expect(page.getByText(/Ready for offline use: today's list holds \d+ tickets/)).toBeVisible();

  await page.context().setOffline(true);
  await expect(page.getByText(/^Offline: letting people in from today's list/)).toBeVisible();
  await typeCode(page, first);
  const valid = answer(page, 'Valid');
  await expect(valid.getByText('Checked offline: confirmed once the connection is back.')).toBeVisible();
  await expectAccessible();
  await valid.getByRole('button', { name: 'Next scan' }).click();
  await typeCode(page, first);
  await expect(answer(page, 'Already used')).toBeVisible();
  await answer(page, 'Already used').getByRole('button', { name: 'Next scan' }).click();
  await typeCode(page, second);
  await answer(page, 'Valid').getByRole('button', { name: 'Next scan' }).click();
  await expect(page.getByText('Admissions waiting to be sent: 2')).toBeVisible();

  // Meanwhile another scanner, online, lets the second ticket in as well.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage);
  await typeCode(otherPage, second);
  await expect(answer(otherPage, 'Valid')).toBeVisible();
  await other.close();

  await page.context().setOffline(false);
  const report = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'Let in twice while offline' }) });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(
    // The order by its public reference, grouped (decision 0104).
    report.getByText(
      new RegExp(`^Zoo day ticket, order \\d{4} \\d{4} \\d{3}: first let in on .* by ${STAFF_NAME}$`),
    ),
  ).toBeVisible();
  await expect(page.getByText('Offline admissions sent: 2')).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-offline-report');

  // Online again, the first ticket's offline admission counts at the server too.
  await typeCode(page, first);
  await expect(answer(page, 'Already used')).toBeVisible();
  await answer(page, 'Already used').getByRole('button', { name: 'Next scan' }).click();
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(
    page.getByRole('heading', { name: 'Let in twice by scanners that were offline' }),
  ).toBeVisible();
});
