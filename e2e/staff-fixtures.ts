/**
 * What the staff specs share: a server of their own per worker, with the
 * accounts they log in with (door-fixtures.ts `startStaffServer`), the login
 * form filled in as a person does, and the check that a page reads at a
 * phone's width and a desktop's.
 */
import type { Page } from '@playwright/test';
import { startStaffServer, type StaffAccount } from './door-fixtures.ts';
import { expect, test } from './fixtures.ts';
import type { SpecServer } from './test-server.ts';

/**
 * The spec's `test`, with `staffShop` (its own server, started once per
 * worker) and every page and request going to it.
 */
export function withStaffShop(accounts: readonly StaffAccount[], prepare?: (dataFolder: string) => void) {
  return test.extend<object, { staffShop: SpecServer }>({
    staffShop: [
      // Playwright reads a fixture's dependencies from this pattern: an empty one means none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startStaffServer(accounts, prepare);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 400_000 },
    ],
    baseURL: async ({ staffShop }, use) => {
      await use(staffShop.baseURL);
    },
  });
}

/** Logs in on the staff login page the browser was sent to. */
export async function logIn(page: Page, who: Pick<StaffAccount, 'email' | 'password'>): Promise<void> {
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Axe finds nothing at a phone's width and a desktop's, and nothing scrolls sideways. */
export async function accessibleAtBothWidths(
  page: Page,
  expectAccessible: () => Promise<void>,
): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
  }
}
