/**
 * The product flow's moves (docs/storefront.md §4.2, §4.3): steps forward
 * and back, and the cart's push, pop and edit. State lives in the session
 * stores, so a move that changes product page (cross-sell, edit, cancel)
 * finds its order waiting there.
 */
import type { ProductDetail, ProductSummary } from '@kassa/domain/contract/catalog';
import { useEffect } from 'react';
import { useNavigate } from '@/lib/router/router';
import {
  cartStore,
  popCartOrder,
  pushCartOrder,
  type CartOrder,
  type CartOrderSummary,
} from '@/lib/cart-store';
import { useStepHistory } from '@/features/checkout/hooks/use-step-history';
import { itemPath } from '@/lib/item-paths';
import { editCartOrder, putBackEditedOrder } from '../utils/cart-moves';
import { flowSteps, nextStep, previousStep, type FlowShape, type FlowStep } from '../utils/flow-steps';
import { checkoutStore, currentOrderStore, emptyCheckout, type CurrentOrder } from './flow-store';

function orderPath(order: CartOrder): string {
  return itemPath('product', { id: order.product.id, slug: order.summary?.slug ?? '' });
}

/** A rebooking: the booked order's hash and where leaving it goes (the rebook entry page). */
interface RebookStart {
  hash: string;
  leaveTo: string;
}

/** Whether the stored order is this flow's: the same product, and the same rebooking or none. */
export function isOwnOrder(state: CurrentOrder | null, productId: number, rebook: string | null) {
  return state !== null && state.order.product.id === productId && (state.rebook ?? null) === rebook;
}

/**
 * `summary` is the current order as the cart will show it, priced by the
 * caller (which knows the plot and the upsells). `startOrder` is the order a
 * flow arriving without a waiting one begins with. `rebook` keeps a
 * rebooking's order apart from a normal order for the same product.
 * `reachable` says whether a step's earlier steps are done, so Back and
 * Forward (the steps are history entries, decision 0144) never land on a
 * step the order is not ready for.
 */
export function useProductFlow(
  product: ProductDetail,
  shape: FlowShape,
  summary: CartOrderSummary,
  startOrder: CartOrder,
  rebook: RebookStart | null = null,
  reachable: (step: FlowStep) => boolean = () => true,
) {
  const navigate = useNavigate();
  const stored = currentOrderStore.use();
  const rebookHash = rebook?.hash ?? null;
  const current = isOwnOrder(stored, product.id, rebookHash) ? stored : null;
  const start = (): CurrentOrder => ({
    step: 'quantity',
    order: startOrder,
    ...(rebook ? { rebook: rebook.hash } : {}),
  });

  // Arriving at a product without a waiting order for it starts a new one at
  // quantity. Only on arrival: a page on its way out must not overwrite the
  // order a move (cancel, edit) has just put in the store for the next page.
  useEffect(() => {
    if (!isOwnOrder(currentOrderStore.get(), product.id, rebookHash)) {
      currentOrderStore.set(start());
      // A rebooking starts from its own customer, not a form typed for another order.
      if (rebookHash) checkoutStore.set(emptyCheckout);
    }
    // start() reads the rebooking given on arrival; product and hash say when that changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product, rebookHash]);

  const step: FlowStep = current?.step ?? 'quantity';
  const editing = current?.editing !== undefined;
  const order = current?.order ?? start().order;

  function own(state: CurrentOrder | null): CurrentOrder {
    return state && isOwnOrder(state, product.id, rebookHash) ? state : start();
  }

  function setStep(next: FlowStep) {
    currentOrderStore.set((state) => ({ ...own(state), step: next }));
  }

  const steps = flowSteps(shape);
  const history = useStepHistory<FlowStep>({
    step,
    // Checkout is the hand-off itself, never a place to come back to.
    steps: steps.filter((key) => key !== 'checkout'),
    apply: setStep,
    allowed: reachable,
    active: current !== null,
  });

  function update(change: (order: CartOrder) => CartOrder) {
    currentOrderStore.set((state) => {
      const mine = own(state);
      return { ...mine, order: change(mine.order) };
    });
  }

  function withSummary(): CartOrder {
    return { ...order, summary };
  }

  /** Pops the last cart item back as the current order, at the customer step. */
  function restoreLast(): boolean {
    const last = popCartOrder();
    if (!last) return false;
    currentOrderStore.set({ step: 'customer', order: last });
    navigate(orderPath(last));
    return true;
  }

  return {
    step,
    order,
    steps,
    setStep,
    update,
    next() {
      setStep(nextStep(step, shape));
    },
    /** A step passed by itself (a single plot, a rebooking's fixed quantity): Back does not stop there. */
    skip() {
      history.replaceNext();
      setStep(nextStep(step, shape));
    },
    back() {
      const previous = previousStep(step, shape);
      if (previous !== 'leave') {
        history.back(previous);
        return;
      }
      // Leaving a change of a cart order puts that order back as it was (decision 0196).
      putBackEditedOrder(current);
      currentOrderStore.set(null);
      // A rebooking leaves to its entry page; it never touches the cart.
      if (rebook) navigate(rebook.leaveTo);
      else if (!restoreLast()) navigate('/');
    },
    /** Whether the current order is a cart order opened to be changed (decision 0196). */
    editing,
    /**
     * Cancel pops the last cart item back and goes to the
     * customer step. Cancelling a change first puts the changed order back
     * as it was (decision 0196).
     */
    cancel() {
      putBackEditedOrder(current);
      restoreLast();
    },
    /** Removes the order being changed (the visitor confirmed it), then as cancel; home when nothing is left. */
    removeEdited() {
      currentOrderStore.set(null);
      if (!restoreLast()) navigate('/');
    },
    /** Spec §4 Cart: Add more pushes the current order into the cart and goes home. */
    addMore() {
      pushCartOrder(withSummary());
      currentOrderStore.set(null);
      navigate('/');
    },
    /** A cross-sell: the current order goes into the cart; the new product starts at quantity. */
    chooseCrossSell(cross: ProductSummary) {
      pushCartOrder(withSummary());
      currentOrderStore.set(null);
      navigate(itemPath('product', cross));
    },
    /**
     * Editing a cart item takes it out of the cart as the current order; a
     * current order on the customer step goes into the cart first, any other
     * is dropped.
     */
    editCartItem(index: number) {
      const path = editCartOrder(index, withSummary());
      const item = currentOrderStore.get()?.order;
      if (path && item && item.product.id !== product.id) navigate(path);
    },
    cartSize: () => cartStore.get().length,
  };
}
