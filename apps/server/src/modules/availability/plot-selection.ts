import type { PlotsQuery } from '@kassa/domain/contract/plots';
import type { PriceSelection } from '@kassa/domain/rules/pricing';
import { badRequest } from '../../lib/errors.ts';

/**
 * What the visitor has chosen, from order[quantity] or order[audiences][i]:
 * audience lines win when both are sent; with neither, the product's minimum
 * quantity. Audience ids must be the product's own.
 */
export function plotSelection(
  order: PlotsQuery['order'],
  productAudienceIds: ReadonlySet<number>,
  minQuantity: number,
): PriceSelection {
  const audiences = order?.audiences ?? [];
  if (audiences.length > 0) {
    const unknown = audiences.filter((line) => !productAudienceIds.has(line.id)).map((line) => line.id);
    if (unknown.length > 0) {
      throw badRequest(
        'UNKNOWN_AUDIENCE',
        'An audience is not one of this product’s',
        `audience ${unknown.join(', ')}`,
      );
    }
    return { kind: 'audiences', audiences };
  }
  if (order?.quantity !== undefined) return { kind: 'quantity', quantity: order.quantity };
  return { kind: 'none', minQuantity };
}
