import { existsSync } from 'node:fs';
import path from 'node:path';
import { KEY_FACT_KINDS } from '@kassa/domain/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { SUPPORTED_LANGUAGES } from '../lib/language.ts';
import { seedAssetsFolder } from '../paths.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { seedIfEmpty } from './seed.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

function bundled(image: string | null): boolean {
  return image !== null && existsSync(path.join(seedAssetsFolder, image.replace(/^\/media\//, '')));
}

/** Decision 0141: a product page people trust shows an image, a description and key facts up front. */
describe('the demo shop’s product pages and home', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedIfEmpty(db, NOW);
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives every demo product an image, a description and at least three key facts in all five languages', async () => {
    const products = await db.select().from(s.products);
    expect(products.filter((p) => p.state === 'PUBLISHED').length).toBeGreaterThan(0);
    for (const product of products) {
      expect(bundled(product.image), `${product.slug} image`).toBe(true);
      // A product with a cancellation policy shows its CANCELLATION fact made from it (decision 0258).
      const fromPolicy =
        product.cancellationPolicy && !product.keyFacts.some((fact) => fact.kind === 'CANCELLATION') ? 1 : 0;
      expect(product.keyFacts.length + fromPolicy, `${product.slug} key facts`).toBeGreaterThanOrEqual(3);
      for (const language of SUPPORTED_LANGUAGES) {
        expect(product.description[language]?.length ?? 0, `${product.slug} ${language}`).toBeGreaterThan(80);
        for (const fact of product.keyFacts) {
          expect(KEY_FACT_KINDS).toContain(fact.kind);
          expect(fact.text[language], `${product.slug} ${fact.kind} ${language}`).toBeTruthy();
        }
      }
      // Translated, not copied: each fact reads differently in at least four of the five languages.
      for (const fact of product.keyFacts)
        expect(new Set(SUPPORTED_LANGUAGES.map((l) => fact.text[l])).size).toBeGreaterThanOrEqual(4);
    }
  });

  it('says how long a visit takes and where to go (or what is included) for every product', async () => {
    for (const product of await db.select().from(s.products)) {
      const kinds = product.keyFacts.map((fact) => fact.kind);
      expect(kinds, product.slug).toContain('DURATION');
      expect(
        kinds.some((kind) => kind === 'LOCATION' || kind === 'INCLUDED'),
        product.slug,
      ).toBe(true);
    }
  });

  it('gives the shop a hero in all five languages, a hero image and a logo', async () => {
    const [org] = await db.select().from(s.organisations);
    for (const language of SUPPORTED_LANGUAGES) {
      expect(org!.heroTitle?.[language], language).toBeTruthy();
      expect(org!.heroText?.[language], language).toBeTruthy();
    }
    expect(bundled(org!.heroImage)).toBe(true);
    expect(bundled(org!.logo)).toBe(true);
  });
});
