import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot } from '../fixtures.ts';
import { accessibleAtBothWidths, logIn, withStaffShop } from '../staff-fixtures.ts';
import { mailTo, plainText } from '../outbox.ts';

/**
 * Staff accounts in the browser (decision 0245): a manager, made with the
 * real `npm run shop -- staff add --role manager`, adds a box-office account;
 * the new person sets a password from the mailed link and logs in, sees the
 * pages of the box office but not the manager's; the manager disables them
 * and their session ends at once; the audit log shows all of it.
 */
const MANAGER = { email: 'boss@demo-museum.example', password: 'manage-them-all-2026', name: 'Max Manager' };
const DESK = { email: 'desk@demo-museum.example', name: 'Dee Desk', password: 'sell-them-all-2026' };

const test = withStaffShop([{ ...MANAGER, role: 'manager' }]);

test('a manager adds a box-office account, the person sets a password from the mail, and a disabled account is logged out', async ({
  page,
  browser,
  baseURL,
  staffShop,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const nav = page.getByRole('navigation', { name: 'Staff pages' });

  await test.step('the manager adds a box-office account', async () => {
    await page.goto('/staff/accounts');
    await logIn(page, MANAGER);
    await expect(page).toHaveURL(/\/staff\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await page.getByLabel('E-mail').fill(DESK.email);
    await page.getByLabel('Name').fill('Dee');
    await page.getByLabel('Role').selectOption({ label: 'Box office' });
    await expect(page.getByText('Also finds, changes, cancels and refunds orders.')).toBeVisible();
    await page.getByRole('button', { name: 'Add and mail the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${DESK.email} was added` })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: DESK.email });
    await expect(card).toContainText('Box office');
    await expect(card).toContainText('Has not set a password yet');

    // A new name with the keyboard only: the form takes focus, Enter saves, focus goes back.
    const edit = card.getByRole('button', { name: 'Change name or role' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DESK.name);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `The changes to ${DESK.email} are saved.` }),
    ).toBeVisible();
    await expect(card.getByRole('heading', { name: DESK.name })).toBeVisible();
    await expect(edit).toBeFocused();
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-accounts');
  });

  const desk = await browser.newContext({ baseURL });
  const deskPage = await desk.newPage();

  await test.step('the new person sets a password from the mailed link and logs in', async () => {
    const mail = plainText(await mailTo(DESK.email, '', path.join(staffShop.dataFolder, 'outbox')));
    expect(mail).toContain('A staff account was made for you');
    const link = /https?:\/\/\S+\/staff\/password\?\S+/.exec(mail)![0];
    expect(new URL(link).origin).toBe(baseURL);
    await deskPage.goto(link);
    await expect(deskPage.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    await accessibleAtBothWidths(deskPage, expectAccessibleOn(deskPage));
    await screenshot(deskPage, 'staff-set-password');
    await deskPage.getByLabel('New password').fill(DESK.password);
    await deskPage.getByLabel('Repeat the password').fill(DESK.password);
    await deskPage.getByRole('button', { name: 'Set password' }).click();
    await expect(deskPage.getByText(`Your password is set. Log in with ${DESK.email}`)).toBeVisible();
    await deskPage.getByRole('link', { name: 'Go to the login' }).click();
    await logIn(deskPage, DESK);
    await expect(deskPage).toHaveURL(/\/staff\/scan$/);
    const deskNav = deskPage.getByRole('navigation', { name: 'Staff pages' });
    await expect(deskNav.getByRole('link', { name: 'Today' })).toBeVisible();
    // The box office's Orders page comes with the staff app's shell (another branch); the
    // manager's pages are not offered, and opening one says it is for managers.
    await expect(deskNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(deskNav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await deskPage.goto('/staff/accounts');
    await expect(deskPage.getByText('Only managers can see this page.')).toBeVisible();
    // The link worked once.
    await deskPage.goto(link);
    await deskPage.getByLabel('New password').fill('another long password');
    await deskPage.getByLabel('Repeat the password').fill('another long password');
    await deskPage.getByRole('button', { name: 'Set password' }).click();
    await expect(deskPage.getByRole('alert')).toContainText('This link was used already or has expired.');
  });

  await test.step("the manager disables the account and the person's session ends at once", async () => {
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: DESK.name });
    await expect(card).not.toContainText('Has not set a password yet');
    await card.getByRole('button', { name: 'Disable' }).click();
    const confirm = card.getByRole('button', { name: 'Yes, disable' });
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `${DESK.email} is disabled and logged out.` }),
    ).toBeVisible();
    await expect(card).toContainText('Disabled');
    await expect(card.getByRole('button', { name: 'Enable' })).toBeVisible();

    // Their next request is refused and the staff app goes back to the login.
    await deskPage.goto('/staff/today');
    await expect(deskPage).toHaveURL(/\/staff\/login$/);
    await logIn(deskPage, DESK);
    await expect(deskPage.getByRole('alert')).toContainText('E-mail or password is not right.');
    await desk.close();
  });

  await test.step('the audit log shows what was done, filtered and readable on a phone', async () => {
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const rows = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Staff member disabled');
    await expect(rows.nth(0)).toContainText(`${MANAGER.name} (${MANAGER.email})`);
    await expect(rows.nth(0)).toContainText('Can log in: yes → no');
    await expect(rows.nth(1)).toContainText('Password set');
    await expect(rows.nth(1)).toContainText(`${DESK.name} (${DESK.email})`);
    await expect(rows.nth(2)).toContainText('Staff member changed');
    await expect(rows.nth(2)).toContainText(`Name: Dee → ${DESK.name}`);
    await expect(rows.nth(3)).toContainText('Staff member added');
    await expect(rows.nth(3)).toContainText('Role: Box office');
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-audit');

    await page.getByLabel('Action').selectOption({ label: 'Staff member disabled' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/staff\/audit\?action=staff\.disable$/);
    await expect(page.getByText('Entries found: 1')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Staff member').selectOption({ label: `${DESK.name} (${DESK.email})` });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect(rows).toHaveCount(4);

    // On a phone each entry is a card: every cell on the screen with its column's name.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const row of await rows.all()) {
      for (const cell of await row.locator('th, td').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expect(row.getByText('Who', { exact: true })).toBeVisible();
    }
  });
});

/** expectAccessible for a page of another browser context (the fixture's runs on `page`). */
function expectAccessibleOn(other: Page): () => Promise<void> {
  return async () => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const { WCAG_21_AA_TAGS } = await import('../fixtures.ts');
    const { violations } = await new AxeBuilder({ page: other }).withTags(WCAG_21_AA_TAGS).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  };
}
