/**
 * The code of the product flow's later steps, loaded after the first paint
 * (decision 0169): the customer form (with the phone-number rules) is the
 * flow's largest part and the extras step sanitises HTML (DOMPurify);
 * neither is needed on the first step. Both are fetched once the visitor
 * starts using the page, so those steps never wait for them.
 */
import { lazy, useEffect } from 'react';
import type { CartOrder } from '@/lib/cart-store';

const loadCustomerForm = () => import('@/features/checkout/components/customer-form');
const loadUpsellsStep = () => import('@/features/checkout/components/upsells-step');

export const CustomerForm = lazy(async () => ({ default: (await loadCustomerForm()).CustomerForm }));
export const UpsellsStep = lazy(async () => ({ default: (await loadUpsellsStep()).UpsellsStep<CartOrder> }));

/** What makes the later steps' code load: the visitor starting to use the page. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Fetches the later steps' code at the first interaction; not while the page
 * loads, where evaluating it held up a slow phone's main thread.
 */
export function useLaterStepsPreload(): void {
  useEffect(() => {
    const load = () => {
      stop();
      void loadCustomerForm();
      void loadUpsellsStep();
    };
    const stop = () => {
      for (const name of FIRST_INTERACTION) document.removeEventListener(name, load, true);
    };
    for (const name of FIRST_INTERACTION)
      document.addEventListener(name, load, { capture: true, passive: true });
    return stop;
  }, []);
}
