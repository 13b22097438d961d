import type { Page } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

/**
 * Changing an order that waits in the cart (decision 0196): cancelling the
 * change puts the order back as it was, and taking it out asks first, as
 * the cart's Remove does.
 */
async function demoProduct(page: Page, slug: string): Promise<ProductDetail> {
  const home = (await (await page.request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.products.find((product) => product.slug === slug);
  if (!summary) throw new Error(`the demo shop has no ${slug}`);
  return (await (await page.request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
}

/** An order for one ticket as the cart keeps it (lib/cart-store.ts). */
function waiting(product: ProductDetail) {
  const cents = Math.round(product.price * 100);
  return {
    product: { id: product.id, plot: product.plot, quantity: 1 },
    audiences: [],
    upsells: [],
    summary: {
      title: product.title,
      slug: product.slug,
      when: null,
      lines: [{ label: product.title, quantity: 1, amountCents: cents }],
      subtotalCents: cents,
      tickets: [],
    },
  };
}

/** Two orders waiting in the cart; the first is opened from the header's cart and given one more ticket. */
async function changeFirstOrder(page: Page) {
  const flex = await demoProduct(page, 'flex-ticket');
  const photo = await demoProduct(page, 'photo-permit');
  await page.goto('/');
  await page.evaluate(
    (cart) => sessionStorage.setItem('kassa.cart', JSON.stringify(cart)),
    [waiting(flex), waiting(photo)],
  );
  await page.reload();
  await page.getByRole('button', { name: /^Cart: 2 items/ }).click();
  await expect(page.getByRole('dialog', { name: text('cart.drawer_title') })).toBeVisible();
  // "Change", with the order's title for screen readers (Chromium names it "Change : title").
  await page.getByRole('button', { name: new RegExp(`^${text('cart.edit')}\\s?: ${flex.title}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: flex.title })).toBeVisible();
  await page
    .getByRole('button', { name: text('product.quantity.increase').replace('{{name}}', 'Tickets') })
    .click();
  return { flex, photo };
}

test('cancelling a change of a cart order puts it back as it was', async ({ page, expectAccessible }) => {
  const { flex, photo } = await changeFirstOrder(page);
  await expect(page.getByRole('button', { name: text('summary.cancel') })).toHaveCount(0);
  await screenshot(page, 'cart-change-editing');
  await page.getByRole('button', { name: text('summary.cancel_changes') }).click();

  // The cart is as before the change; its last order comes back at the customer step (decision 0196).
  await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
  const cart = page.getByRole('region', { name: text('cart.title').replace('{{count}}', '1') });
  await expect(cart).toContainText(flex.title);
  await expect(cart.getByRole('listitem').filter({ hasText: `1 × ${flex.title}` }).last()).toBeVisible();
  await expect(cart).not.toContainText(`2 × ${flex.title}`);
  await expectAccessible();
});

test('taking the order being changed out of the cart asks first, naming it', async ({ page }) => {
  const { flex, photo } = await changeFirstOrder(page);
  await page.getByRole('button', { name: text('summary.remove_item') }).click();
  const dialog = page.getByRole('dialog', { name: text('cart.delete_title') });
  await expect(dialog).toContainText(text('cart.delete_question').replace('{{title}}', flex.title));
  await screenshot(page, 'cart-change-remove');
  await dialog.getByRole('button', { name: text('cart.delete_keep') }).click();
  await expect(page.getByRole('heading', { level: 1, name: flex.title })).toBeVisible();

  await page.getByRole('button', { name: text('summary.remove_item') }).click();
  await page.getByRole('button', { name: text('cart.delete_confirm') }).click();
  await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart: 0 items/ })).toBeVisible();
});
