import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { useEffect } from 'react';
import { pageDefinitions } from '@/lib/page-definitions';
import { raiseSelection, useStepEvent } from '@/lib/storefront-events';
import type { FlowStep } from '../utils/flow-steps';

/** The storefront events of the product flow (docs/storefront.md §7): the product chosen, then each step. */
export function useProductEvents(product: ProductDetail, step: FlowStep, rebooking: boolean): void {
  useStepEvent('product', step);
  const currency = pageDefinitions().currency;
  useEffect(() => {
    raiseSelection(
      rebooking ? 'rebooking' : 'product',
      { id: product.id, title: product.title, price: product.price },
      currency,
    );
  }, [rebooking, product.id, product.title, product.price, currency]);
}
