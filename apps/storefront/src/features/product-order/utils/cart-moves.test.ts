import { beforeEach, describe, expect, it } from 'vitest';
import { cartStore, type CartOrder } from '@/lib/cart-store';
import { currentOrderStore } from '../hooks/flow-store';
import { editCartOrder, putBackEditedOrder } from './cart-moves';

function order(id: number, quantity = 1): CartOrder {
  return { product: { id, plot: null, quantity }, audiences: [], upsells: [] };
}

describe('changing cart orders from the header cart (decision 0196)', () => {
  beforeEach(() => {
    cartStore.set([]);
    currentOrderStore.set(null);
  });

  it('opens an order to be changed, remembering where it stood and what it was', () => {
    cartStore.set([order(1), order(2), order(3)]);
    expect(editCartOrder(1)).toMatch(/^\/product\/2\/.*\?step=quantity$/);
    expect(cartStore.get()).toEqual([order(1), order(3)]);
    expect(currentOrderStore.get()).toEqual({
      step: 'quantity',
      order: order(2),
      editing: { index: 1, original: order(2) },
    });
  });

  it('opening another order puts the one being changed back as it was, at its place', () => {
    cartStore.set([order(1), order(2), order(3)]);
    editCartOrder(0);
    // Changed meanwhile: the change is not kept, the order is.
    currentOrderStore.set((current) => current && { ...current, order: order(1, 5) });
    // The visitor picks the list's second entry, order 3 (the list showed 2 and 3).
    editCartOrder(1);
    expect(currentOrderStore.get()?.order).toEqual(order(3));
    expect(cartStore.get()).toEqual([order(1), order(2)]);
    putBackEditedOrder(currentOrderStore.get());
    expect(cartStore.get()).toEqual([order(1), order(2), order(3)]);
  });

  it('a new order waiting at its customer step goes into the cart, as before', () => {
    cartStore.set([order(1)]);
    currentOrderStore.set({ step: 'customer', order: order(9) });
    editCartOrder(0);
    expect(cartStore.get()).toEqual([order(9)]);
    expect(currentOrderStore.get()?.order).toEqual(order(1));
  });
});
