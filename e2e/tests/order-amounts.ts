import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** Cents of a money text in any of the shop's languages ("€ 39,85", "€39.85", "39,85 €"). */
export function centsOf(money: string): number {
  const digits = money.replace(/[^\d.,-]/g, '');
  const [whole = '0', fraction = '00'] = digits.split(/[.,](?=\d{2}$)/);
  return Number(whole.replace(/[.,]/g, '')) * 100 + Number(fraction);
}

/**
 * The order summary's total in cents, once the server's price is in
 * (decision 0147: while it is calculated the summary shows no total).
 */
export async function summaryTotalCents(page: Page, summaryTitle: string): Promise<number> {
  const total = page
    .getByRole('complementary', { name: summaryTitle })
    .locator('.kassa-summary__row--total dd');
  await expect(total).toBeVisible();
  return centsOf((await total.textContent()) ?? '');
}

/** The amount the test gateway's page asks for, in cents. */
export async function gatewayAmountCents(page: Page): Promise<number> {
  await page.waitForURL(/\/pay\/test\//);
  const amount = page.locator('dl dd').nth(1);
  return centsOf((await amount.textContent()) ?? '');
}

/** The total the return page (and the order status API behind it) says was paid, in cents. */
export async function returnTotalCents(page: Page): Promise<number> {
  await page.waitForURL(/\/checkout\/return\//);
  const hash = new URL(page.url()).pathname.split('/').pop()!;
  const answer = (await (await page.request.get(`/api/orders/${hash}/status`)).json()) as {
    response: { order: { total: number } };
  };
  const shown = page.locator('.kassa-return__total strong');
  await expect(shown).toBeVisible();
  const shownCents = centsOf((await shown.textContent()) ?? '');
  expect(shownCents, 'the return page shows the order total').toBe(
    Math.round(answer.response.order.total * 100),
  );
  return shownCents;
}
