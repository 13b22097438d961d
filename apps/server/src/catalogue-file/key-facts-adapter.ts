import type { CatalogueText } from '@kassa/domain/contract/catalogue-file';
import type { LocalizedText } from '../db/schema.ts';

export interface StoredKeyFact {
  kind: 'DURATION' | 'LOCATION' | 'INCLUDED' | 'CANCELLATION' | 'ACCESSIBILITY' | 'AGE' | 'LANGUAGE';
  text: LocalizedText;
}

/**
 * The one place where the catalogue file meets `products.key_facts`, a jsonb
 * column added by the wave2-pages branch. Until that merge there is no
 * column: key_facts in a file are validated but not written or exported.
 * Merging sets KEY_FACTS_STORED = true and makes keyFactsColumn return
 * `{ keyFacts: facts }` and storedKeyFacts read `row.keyFacts`.
 */
export const KEY_FACTS_STORED = false;

/** The product columns to write for the file's key facts. */
export function keyFactsColumn(_facts: StoredKeyFact[] | undefined): Record<string, never> {
  return {};
}

/** A product row's key facts, if stored. */
export function storedKeyFacts(_row: object): StoredKeyFact[] | undefined {
  return undefined;
}

export type FileKeyFact = { kind: StoredKeyFact['kind']; text: CatalogueText };
