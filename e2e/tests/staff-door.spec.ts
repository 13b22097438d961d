import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeY4m } from '../camera-feed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-args.ts';
import { buyTicketsForToday, DOOR_ACCOUNT, sellTheZooUntilMidnight, STAFF_NAME } from '../door-fixtures.ts';
import { expect, screenshot } from '../fixtures.ts';
import { logIn, withStaffShop } from '../staff-fixtures.ts';
import { scratchFolder } from '../test-server.ts';

/**
 * The door (decisions 0090–0094): staff log in, the camera reads a real
 * ticket's QR code (Chromium's fake camera plays a Y4M made from the QR image
 * in the ticket PDF), the ticket is let in once, and offline scanning queues,
 * syncs and reports a ticket let in twice.
 */
const cameraFile = path.join(scratchFolder, 'door-camera.y4m');
mkdirSync(scratchFolder, { recursive: true });

const test = withStaffShop([DOOR_ACCOUNT], sellTheZooUntilMidnight);

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

async function logInAtTheDoor(page: Page) {
  await page.goto('/staff/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();
  await logIn(page, DOOR_ACCOUNT);
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
  await logInAtTheDoor(page);
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
  await logInAtTheDoor(page);
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
  await logInAtTheDoor(otherPage);
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

test("a camera started offline reads a ticket and lets it in from today's list", async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const bought = await buyTicketsForToday(request, 1, 'offline-camera@example.test');
  writeY4m(bought.images[0]!, cameraFile);
  await logInAtTheDoor(page);
  await expect(page.getByText(/Ready for offline use: today's list holds \d+ tickets/)).toBeVisible();

  // Nothing the camera needs may come from the network from here on.
  await page.context().setOffline(true);
  await expect(page.getByText(/^Offline: letting people in from today's list/)).toBeVisible();
  await page.getByRole('button', { name: 'Start camera' }).click();
  const valid = answer(page, 'Valid');
  await expect(valid).toBeVisible({ timeout: 30_000 });
  await expect(valid.getByText('Zoo day')).toBeVisible();
  await expect(valid.getByText('Checked offline: confirmed once the connection is back.')).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-scan-offline-camera');
  await valid.getByRole('button', { name: 'Next scan' }).click();
  await page.getByRole('button', { name: 'Stop camera' }).click();
  await expect(page.getByText('Admissions waiting to be sent: 1')).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText('Offline admissions sent: 1')).toBeVisible({ timeout: 30_000 });
});

test('says, and announces, that the camera cannot read codes when its code reader cannot be loaded', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  // As on a device whose connection dropped before the reader came: its file never arrives.
  await page.route(/jsqr/i, (route) => route.abort('internetdisconnected'));
  await logInAtTheDoor(page);
  const alert = page.getByRole('alert').filter({ hasText: 'cannot read QR codes' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveText(
    'This device cannot read QR codes right now: the code reader could not be loaded. Type the code below; the camera reads codes again once the connection is back.',
  );
  // Not "ready for offline use" while the camera could not read a code offline.
  await expect(page.getByText(/Ready for offline use/)).toHaveCount(0);
  await expectAccessible();
  await screenshot(page, 'staff-scan-no-reader');

  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('alert').filter({ hasText: 'kan nu geen QR-codes lezen' })).toBeVisible();

  await page.getByLabel('Taal').selectOption('en');

  // Offline with the camera running, the message stays: the camera shows codes it cannot read.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Start camera' }).click();
  await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
  await expect(page.getByText(/^Offline: letting people in from today's list/)).toBeVisible();
  await expect(alert).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-scan-offline-no-reader');
  await page.getByRole('button', { name: 'Stop camera' }).click();

  // Once the reader can be fetched again (the connection is back), the message goes.
  await page.unroute(/jsqr/i);
  await page.context().setOffline(false);
  await expect(alert).toHaveCount(0);
  await expect(page.getByText(/Ready for offline use/)).toBeVisible();
});
