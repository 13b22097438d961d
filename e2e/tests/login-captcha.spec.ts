import type { Page } from '@playwright/test';
import { startDoorServer, STAFF_EMAIL, STAFF_PASSWORD } from '../door-fixtures.ts';
import { expect, screenshot, test as base } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import type { SpecServer } from '../test-server.ts';

/**
 * Failed logins ask for a captcha, never lock the account (decision 0201):
 * after three wrong passwords from this browser, the client login and the
 * staff login show the real ALTCHA widget, and once it is solved the right
 * password logs in. A server of its own, so no other spec meets the counters.
 */
const test = base.extend<object, { loginServer: SpecServer }>({
  loginServer: [
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
  baseURL: async ({ loginServer }, use) => {
    await use(loginServer.baseURL);
  },
});
test.describe.configure({ mode: 'serial' });

// The seed's own constants, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } = (await import(seedConstants)) as {
  DEMO_CLIENT_EMAIL: string;
  DEMO_CLIENT_PASSWORD: string;
};

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const isLoginWithCaptcha =
  (path: string) => (request: { method(): string; url(): string; postData(): string | null }) =>
    request.method() === 'POST' &&
    new URL(request.url()).pathname === path &&
    typeof (JSON.parse(request.postData() ?? '{}') as { captcha?: unknown }).captcha === 'string';

async function clientLogin(page: Page, password: string) {
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(text('client_login.email'))}`))
    .first()
    .fill(DEMO_CLIENT_EMAIL);
  await page.getByLabel(new RegExp(`^${escapeRegExp(text('client_login.password'))}`)).fill(password);
  await page.getByRole('button', { name: text('client_login.submit'), exact: true }).click();
}

test('a client asked for a captcha after wrong passwords solves it and is logged in', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await page.goto('/client/login');
  for (let i = 0; i < 3; i += 1) {
    await clientLogin(page, `wrong password ${i}`);
    await expect(page.getByRole('alert')).toHaveText(text('errors.client_login_failed'));
  }
  await clientLogin(page, DEMO_CLIENT_PASSWORD);
  const modal = page.getByRole('dialog', { name: text('product.captcha.title') });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(text('client_login.captcha_text'))).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'client-login-captcha');

  const retried = page.waitForRequest(isLoginWithCaptcha('/api/client/login'));
  await modal.getByText("I'm not a robot", { exact: true }).click();
  await retried;
  await page.waitForURL(/\/client\/account$/);
});

test('door staff asked for a captcha after wrong passwords solve it in the form and log in', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await page.goto('/staff/login');
  const submit = async (password: string) => {
    await page.getByLabel('E-mail').fill(STAFF_EMAIL);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  };
  for (let i = 0; i < 3; i += 1) {
    await submit(`wrong password ${i}`);
    await expect(page.getByText('E-mail or password is not right.')).toBeVisible();
  }
  await submit(STAFF_PASSWORD);
  await expect(page.getByText('Too many failed logins for this account.', { exact: false })).toBeVisible();
  const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(robot).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'staff-login-captcha');

  // By keyboard: the checkbox takes focus and Space starts the proof of work; the login is sent again.
  const retried = page.waitForRequest(isLoginWithCaptcha('/api/staff/login'));
  await robot.focus();
  await page.keyboard.press('Space');
  await retried;
  await expect(page.getByRole('heading', { level: 1, name: 'Scan tickets' })).toBeVisible();
});
