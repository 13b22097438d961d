import type { Page } from '@playwright/test';
import type { Faq } from '@kassa/domain/contract/faq';
import type { FieldType, Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { gatewayAmountCents, summaryTotalCents } from './order-amounts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

// The seed's own constants, loaded at run time: a static import would pull server files into the e2e project.
const seedConstants = new URL('../../apps/server/src/seed/demo-constants.ts', import.meta.url).href;
const { DEMO_REBOOK_ORDER_REFERENCE, DEMO_REBOOK_EMAIL, DEMO_REBOOK_SECRET } = (await import(
  seedConstants
)) as {
  DEMO_REBOOK_ORDER_REFERENCE: string;
  DEMO_REBOOK_EMAIL: string;
  DEMO_REBOOK_SECRET: string;
};

type Language = 'en' | 'nl';

function say(language: Language, key: string): string {
  return language === 'en' ? text(key) : dutch(key);
}

/** The seeded order can be rebooked once for good: the runs build on each other. */
test.describe.configure({ mode: 'serial' });

async function organisation(page: Page, language: Language): Promise<Organisation> {
  const answer = await page.request.get('/api/organisation', { headers: { 'Accept-Language': language } });
  return (await answer.json()) as Organisation;
}

function fieldName(org: Organisation, type: FieldType): string {
  const field = Object.values(org.fields).find((candidate) => candidate.type === type);
  if (!field) throw new Error(`The demo shop has no ${type} field`);
  return field.name;
}

/** A field's label starts with its name (required ones end in " *"). */
function labelled(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => localStorage.setItem('kassa.language', chosen), language);
}

/**
 * From the rebooking flow's date step to the payment hand-off: the booked
 * slot is preselected, another slot of the same (weekday) date is chosen,
 * the customer comes prefilled, and the summary shows the fee and the credit.
 */
async function rebookToAnotherSlot(page: Page, language: Language, shots: (name: string) => Promise<void>) {
  // The step is in the address (decision 0144).
  await page.waitForURL(/\/product\/\d+\/rebook(\?step=\w+)?$/);
  await expect(page.getByText(say(language, 'product.rebook_notice'))).toBeVisible();
  // The booked quantity is fixed: the quantity step passes by itself.
  await expect(
    page.getByRole('heading', { level: 2, name: say(language, 'product.steps.plot') }),
  ).toBeVisible();
  const slots = page.getByRole('group', { name: say(language, 'product.plot.slots') }).getByRole('radio');
  await expect(slots.first()).toBeVisible();
  // The booked 11:00 slot is preselected.
  const booked = page.getByRole('radio', { checked: true });
  await expect(booked).toHaveCount(1);
  await expect(page.locator('.kassa-slots__slot--chosen')).toContainText('11:00');
  await shots('plot');

  const time = await page
    .locator('.kassa-slots__slot:not(.kassa-slots__slot--chosen) .kassa-slots__time')
    .first()
    .textContent();
  const other = page.locator('.kassa-slots__slot', { hasText: time ?? '' });
  await other.click();
  await expect(other).toHaveClass(/kassa-slots__slot--chosen/);
  const continueButton = page.getByRole('button', { name: say(language, 'product.continue') });
  await continueButton.click();

  const customerStep = page.getByRole('heading', { level: 2, name: say(language, 'product.steps.customer') });
  const upsellsStep = page.getByRole('heading', { level: 2, name: say(language, 'product.steps.upsells') });
  await expect(customerStep.or(upsellsStep)).toBeVisible();
  if (await upsellsStep.isVisible()) await continueButton.click();
  await expect(customerStep).toBeVisible();

  // Prefilled from the booked order; the e-mail stays editable, the name does not.
  const org = await organisation(page, language);
  const email = page.getByLabel(labelled(fieldName(org, 'EMAIL')));
  await expect(email).toHaveValue(DEMO_REBOOK_EMAIL);
  await expect(email).toBeEditable();
  await expect(page.getByLabel(labelled(fieldName(org, 'EMAIL_CONFIRM')))).toHaveValue(DEMO_REBOOK_EMAIL);
  const firstName = page.getByLabel(labelled(fieldName(org, 'FIRST_NAME')));
  await expect(firstName).toHaveValue('Robin');
  await expect(firstName).not.toBeEditable();

  const summary = page.getByRole('complementary', { name: say(language, 'summary.title') });
  const row = (key: string) => summary.locator('.kassa-summary__row', { hasText: say(language, key) });
  await expect(row('summary.rebook_fee')).toContainText(/2[.,]50/);
  await expect(row('summary.rebook_credit')).toContainText(/45[.,]00/);
  await expect(summary.locator('.kassa-summary__row--total')).toContainText(/2[.,]50/);
  await expect(summary.getByRole('button', { name: say(language, 'summary.redeem_coupon') })).toHaveCount(0);
  await expect(summary.getByRole('button', { name: say(language, 'summary.add_more') })).toHaveCount(0);

  const proceed = summary.getByRole('button', { name: say(language, 'summary.rebook'), exact: true });
  await expect(proceed).toBeEnabled();
  await shots('customer');
  const shown = await summaryTotalCents(page, say(language, 'summary.title'));

  const [sent] = await Promise.all([
    page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/orders') &&
        request.method() === 'POST' &&
        !request.postData()?.includes('"simulate":true'),
    ),
    proceed.click(),
  ]);
  const body = sent.postDataJSON() as {
    coupon: string[];
    orders: { product: { quantity?: number }; rebook?: string; rebook_secret?: string }[];
  };
  expect(body.orders).toHaveLength(1);
  expect(body.orders[0]?.rebook).toBeTruthy();
  expect(body.orders[0]?.rebook_secret).toBeTruthy();
  expect(body.orders[0]?.product.quantity).toBe(2);
  expect(body.coupon).toEqual([]);
  // €2.50 is due: the test gateway's page asks exactly what the summary showed (decision 0147).
  expect(await gatewayAmountCents(page)).toBe(shown);
}

test('rebooks from the FAQ card with order number and e-mail, up to the payment (nl)', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const language = 'nl';
  await useLanguage(page, language);
  const shots = async (name: string) => {
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, `rebook-${language}-${name}`);
  };
  const faq = (await (await request.get('/api/faq')).json()) as Faq;
  expect(faq.rebooking_allowed).toBe(true);

  await page.goto('/faq');
  await page.getByRole('link', { name: say(language, 'faq.rebook.card_button') }).click();
  await page.waitForURL(`/rebook/${faq.rebooking_secret}`);
  await expect(page.getByRole('heading', { level: 1, name: say(language, 'rebook.title') })).toBeVisible();

  // Both fields are required.
  const submit = page.getByRole('button', { name: say(language, 'rebook.submit') });
  await submit.click();
  await expect(page.getByText(say(language, 'rebook.order_required'))).toBeVisible();
  await expect(page.getByText(say(language, 'rebook.email_required'))).toBeVisible();
  await shots('entry-required');

  const orderField = page.getByRole('textbox', {
    name: new RegExp(`^${say(language, 'rebook.order_label')}`),
  });
  const emailField = page.getByRole('textbox', {
    name: new RegExp(`^${say(language, 'rebook.email_label')}`),
  });
  await orderField.fill('4821 0937 563');
  await emailField.fill('someone-else@example.org');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(say(language, 'errors.rebook_not_found'));
  await shots('entry-not-found');

  await emailField.fill(DEMO_REBOOK_EMAIL);
  await submit.click();
  await rebookToAnotherSlot(page, language, shots);
  // The test gateway's page (in Dutch) asks for exactly the rebooking fee.
  await expect(page.getByText(/€\s?2,50/)).toBeVisible();
});

test('rebooks through the order’s own link, pays the fee and sees the order paid (en)', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const language = 'en';
  await useLanguage(page, language);
  const shots = async (name: string) => {
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, `rebook-${language}-${name}`);
  };
  const link = `/rebook/${DEMO_REBOOK_SECRET}?order=${DEMO_REBOOK_ORDER_REFERENCE}&email=${encodeURIComponent(DEMO_REBOOK_EMAIL)}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: text('rebook.title') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: new RegExp(`^${text('rebook.order_label')}`) })).toHaveValue(
    '4821 0937 563',
  );
  await expect(page.getByRole('textbox', { name: new RegExp(`^${text('rebook.email_label')}`) })).toHaveValue(
    DEMO_REBOOK_EMAIL,
  );
  await shots('entry');
  await page.getByRole('button', { name: text('rebook.submit') }).click();
  await rebookToAnotherSlot(page, language, shots);

  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  await shots('paid');

  // Rebooked for good: the same link now says why it cannot be changed again (decision 0187).
  await page.goto(link);
  await page.getByRole('button', { name: text('rebook.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(text('errors.rebook_already_moved'));
  await shots('not-allowed');
});

test('a link whose secret does not fit the order goes home', async ({ page }) => {
  await page.goto(`/rebook/not-the-secret?order=${DEMO_REBOOK_ORDER_REFERENCE}`);
  await page.waitForURL((url) => url.pathname === '/');
});
