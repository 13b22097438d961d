import type { KeyFactView } from '@kassa/domain/contract/catalog';
import type { CancellationPolicy } from '@kassa/domain/rules/cancellation-policy';
import { cancellationFactTexts } from '@kassa/domain/rules/cancellation-policy-text';
import type { KeyFact } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/**
 * A product's key facts in the request's language (with the shop's fallback),
 * in the stored order. A fact with no text in any usable language is left out
 * rather than shown as a bare label. A product with a visitors' cancellation
 * policy states it from the policy (decision 0258): its CANCELLATION fact's
 * text is made from the policy, replacing a hand-written one, so the page
 * never promises something the self-service cancellation does not do.
 */
export function toKeyFacts(
  facts: KeyFact[],
  ctx: ShopContext,
  policy?: CancellationPolicy | null,
): KeyFactView[] {
  let all = facts;
  if (policy) {
    const generated: KeyFact = { kind: 'CANCELLATION', text: cancellationFactTexts(policy) };
    all = facts.some((fact) => fact.kind === 'CANCELLATION')
      ? facts.map((fact) => (fact.kind === 'CANCELLATION' ? generated : fact))
      : [...facts, generated];
  }
  return all
    .map((fact) => ({ kind: fact.kind, text: ctx.text(fact.text).trim() }))
    .filter((fact) => fact.text !== '');
}
