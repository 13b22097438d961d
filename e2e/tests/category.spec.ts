import type { APIRequestContext } from '@playwright/test';
import type { Category } from '@kassa/domain/contract/catalog';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

async function categories(request: APIRequestContext, language = 'en') {
  const response = await request.get('/api/categories', { headers: { 'Accept-Language': language } });
  return (await response.json()) as Category[];
}

/** A published top-level category with published children: the richest page the seed offers. */
function parentWithChildren(all: Category[]): { parent: Category; children: Category[] } {
  for (const parent of all.filter((c) => c.parent === null && c.state === 'PUBLISHED')) {
    const children = all.filter((c) => parent.children.includes(c.id) && c.state === 'PUBLISHED');
    if (children.length > 0) return { parent, children };
  }
  throw new Error('the demo shop has no category with child categories');
}

test.describe('category page', () => {
  test('from home into a category and a child category, and back (English)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const { parent, children } = parentWithChildren(await categories(request));
    await page.goto('/');
    await page.getByRole('link', { name: `${text('item.view_category')}: ${parent.title}` }).click();
    await expect(page).toHaveURL(`/category/${parent.id}/${parent.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: parent.title })).toBeVisible();
    const childRegion = page.getByRole('region', { name: text('category.subcategories') });
    await expect(childRegion.getByRole('heading', { level: 3 })).toHaveText(
      children.sort((a, b) => a.sort - b.sort).map((c) => c.title),
    );
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, 'category-en');

    const child = children[0]!;
    await childRegion.getByRole('link', { name: `${text('item.view_category')}: ${child.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: child.title })).toBeVisible();
    const back = page.getByRole('link', {
      name: text('category.back_to').replace('{{title}}', parent.title),
    });
    await back.click();
    await expect(page).toHaveURL(`/category/${parent.id}/${parent.slug}`);
    await page.getByRole('link', { name: text('category.back_home') }).click();
    await expect(page).toHaveURL('/');
  });

  test('shows the category in Dutch', async ({ page, request, expectAccessible }) => {
    const { parent } = parentWithChildren(await categories(request, 'nl'));
    await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
    await page.goto(`/category/${parent.id}/${parent.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: parent.title })).toBeVisible();
    await expect(page.getByRole('link', { name: dutch('category.back_home') })).toBeVisible();
    await expect(page.getByRole('region', { name: dutch('category.subcategories') })).toBeVisible();
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, 'category-nl');
  });

  test('an unknown category sends the visitor home', async ({ page }) => {
    await page.goto('/category/999999/nothing-here');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: text('home.categories') })).toBeVisible();
  });
});
