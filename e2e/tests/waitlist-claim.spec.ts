import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { APIRequestContext, Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshot } from '../fixtures.ts';
import { withStaffShop } from '../staff-fixtures.ts';
import { plainText } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

/**
 * The waiting list from the visitor's side (decisions 0252, 0261): a full
 * escape-room slot (6 places, one order) has someone waiting; the box office
 * cancels the order that filled it, the offer mail arrives, and its link
 * opens the product with the slot and places chosen, on to payment. The
 * link works once. The box office sees the list on the staff page.
 */
const DESK = { email: 'desk@demo-museum.example', password: 'sell-them-all-2026', name: 'Dee Desk' };

const test = withStaffShop([{ ...DESK, role: 'box-office' }]);

/** The text of the first mail to this address matching `pattern`, decoded by its own transfer encoding. */
async function mailMatching(folder: string, address: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(folder).catch(() => [] as string[]);
        const mails = await Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')));
        found = mails
          .filter((mail) => mail.includes(address))
          .map(plainText)
          .find((mail) => pattern.test(mail));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function fillCustomer(page: Page, email: string, language: string): Promise<void> {
  const org = (await (
    await page.request.get('/api/organisation', { headers: { 'accept-language': language } })
  ).json()) as Organisation;
  const field = (type: string) =>
    Object.values(org.fields).find((candidate) => candidate.type === type)!.name;
  const input = (type: string) =>
    page.getByLabel(new RegExp(`^${field(type).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
  await input('FIRST_NAME').fill('Grace');
  await input('LAST_NAME').fill('Hopper');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
  // The escape room's own fields: a team name and the safety rules.
  const team = Object.values(org.fields).find((candidate) => candidate.type === 'TEXT');
  if (team && (await page.getByLabel(new RegExp(`^${team.name}`)).count()))
    await page
      .getByLabel(new RegExp(`^${team.name}`))
      .first()
      .fill('Team');
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
}

const say = { en: text, nl: dutch } as const;

for (const [index, language] of (['en', 'nl'] as const).entries()) {
  test(`buys the places of a waiting-list offer through the mail link (${language})`, async ({
    page,
    request,
    staffShop,
    expectAccessible,
  }) => {
    test.setTimeout(240_000);
    const t = say[language];
    if (language !== 'en')
      await page.addInitScript((lang) => localStorage.setItem('kassa.language', lang), language);
    const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
    const room = home.products.find((product) => product.slug === 'escape-room')!;
    const plots = (await (
      await request.get(`/api/products/${room.id}/plots?order[quantity]=6`)
    ).json()) as Array<{ id: number; date: string; availability: { amount: number | null } }>;
    // A slot a few days ahead with all 6 places free; one per language.
    const plot = plots.filter((candidate) => candidate.availability.amount === 6)[5 + index * 7]!;
    const org = (await (await request.get('/api/organisation')).json()) as Organisation;
    const confirm = Object.values(org.fields).find((field) => field.type === 'EMAIL_CONFIRM')!;
    // The escape room asks a team name and the safety rules too.
    const extra = Object.entries(org.fields).filter(([, field]) => ['TEXT', 'CHECKBOX'].includes(field.type));
    const customer = (email: string) => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      fields: {
        [confirm.id]: email,
        ...Object.fromEntries(extra.map(([id, field]) => [id, field.type === 'CHECKBOX' ? true : 'Team'])),
      },
    });

    // Someone takes the whole slot.
    const filler = `filler-${language}-${Date.now()}@example.test`;
    const placed = await request.post('/api/orders', {
      data: {
        action: 'pay',
        customer: customer(filler),
        orders: [{ product: { id: room.id, plot: plot.id, quantity: 6 }, upsells: {}, audiences: {} }],
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const filled = (await placed.json()).response.orders[0];
    await request.post(`/pay/test/${filled.payment.hash}`, { form: { action: 'pay' }, maxRedirects: 0 });

    // Our visitor waits for 2 places.
    const email = `waiting-${language}-${Date.now()}@example.test`;
    const joined = await request.post(`/api/products/${room.id}/waitlist`, {
      data: { plotId: plot.id, quantity: 2, email, language },
    });
    expect(joined.ok(), await joined.text()).toBe(true);

    // The box office cancels the order that filled it: the places are offered.
    const login = await request.post('/api/staff/login', {
      data: { email: DESK.email, password: DESK.password },
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const found = await request.get(`/api/staff/orders?q=${encodeURIComponent(filler)}`, { headers });
    const reference = ((await found.json()) as { orders: { reference: string }[] }).orders[0]!.reference;
    const cancelled = await request.post(`/api/staff/orders/${reference}/cancel`, {
      headers,
      data: {
        refund: 'original',
        ...(await lineChoice(request, reference, headers)),
      },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    const offer = await mailMatching(path.join(staffShop.dataFolder, 'outbox'), email, /\?waitlist=/);
    const link = /(https?:\/\/\S+\?waitlist=\S+)/.exec(offer)![1]!;
    const url = new URL(link);
    await page.goto(url.pathname + url.search);

    // Straight to the customer step with the slot and 2 places chosen.
    await expect(page.getByRole('heading', { level: 2, name: t('product.steps.customer') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('complementary')).toContainText('2');
    await fillCustomer(page, email, language);
    const pay = page.getByRole('button', { name: t('summary.pay'), exact: true });
    await expect(pay).toBeEnabled();
    // Dated tickets: the shop says no right of withdrawal applies, near Pay.
    await expect(page.getByText(t('withdrawal.no_right_dated'))).toBeVisible();
    await expectAccessible();
    await screenshot(page, `waitlist-claim-customer-${language}`);
    await pay.click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: language === 'nl' ? 'Betalen' : 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout\/return\//);
    await expect(page.getByRole('heading', { level: 1, name: t('checkoutReturn.paid_title') })).toBeVisible();

    // The link worked once.
    await page.goto(url.pathname + url.search);
    await expect(page.getByText(t('waitlistClaim.WAITLIST_OFFER_USED'))).toBeVisible();

    // The box office sees the entry as claimed on the slot's waiting list.
    await page.goto('/staff/login');
    await page.getByLabel(language === 'nl' ? 'E-mailadres' : 'E-mail').fill(DESK.email);
    await page.getByLabel(language === 'nl' ? 'Wachtwoord' : 'Password').fill(DESK.password);
    await page.getByRole('button', { name: language === 'nl' ? 'Inloggen' : 'Log in' }).click();
    await page.waitForURL(/\/staff\/(scan|today|orders)/);
    await page.goto(`/staff/plots/${plot.id}/waitlist`);
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await expectAccessible();
    await screenshot(page, `waitlist-staff-${language}`);
  });
}

/** Every line of the order, to cancel it whole. */
async function lineChoice(request: APIRequestContext, reference: string, headers: Record<string, string>) {
  const detail = (await (await request.get(`/api/staff/orders/${reference}`, { headers })).json()) as {
    lines: { id: number; kind: string }[];
  };
  return { lines: detail.lines.filter((line) => line.kind === 'PRODUCT').map((line) => ({ id: line.id })) };
}
