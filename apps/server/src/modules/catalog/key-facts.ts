import type { KeyFactView } from '@kassa/domain/contract/catalog';
import type { KeyFact } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/**
 * A product's key facts in the request's language (with the shop's fallback),
 * in the stored order. A fact with no text in any usable language is left out
 * rather than shown as a bare label.
 */
export function toKeyFacts(facts: KeyFact[], ctx: ShopContext): KeyFactView[] {
  return facts
    .map((fact) => ({ kind: fact.kind, text: ctx.text(fact.text).trim() }))
    .filter((fact) => fact.text !== '');
}
