import type { KeyFact } from '../db/schema.ts';

export type StoredKeyFact = KeyFact;

/**
 * The one place where the catalogue file meets `products.key_facts` (a jsonb
 * list, decision 0141). A product whose file entry has no `key_facts` stores
 * an empty list, and an empty list is exported as no `key_facts`, so
 * export → import stays a no-op either way.
 */
/** The product columns to write for the file's key facts. */
export function keyFactsColumn(facts: StoredKeyFact[] | undefined): { keyFacts: StoredKeyFact[] } {
  return { keyFacts: facts ?? [] };
}

/** A product row's key facts; none when the list is empty. */
export function storedKeyFacts(row: { keyFacts: StoredKeyFact[] }): StoredKeyFact[] | undefined {
  return row.keyFacts.length ? row.keyFacts : undefined;
}
