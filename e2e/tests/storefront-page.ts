import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** The Dutch texts, to check the second language by its own words. */
const nl: unknown = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../apps/storefront/src/locales/nl.json', import.meta.url)), 'utf8'),
);

/** The Dutch text at a dotted key of nl.json; throws when the key is gone. */
export function dutch(key: string): string {
  let node: unknown = nl;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`nl.json has no text at ${key}`);
  return node;
}

/** Loads every image now (cards below the fold load lazily), so full-page screenshots show them. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    // decode() resolves once the image has loaded; a broken image must not hang the test.
    await Promise.allSettled(images.map((image) => image.decode()));
  });
}
