import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartStore, clearCart, popCartOrder, pushCartOrder, useCartCount } from './cart-store';
import { endRenewal, renewalStore, startRenewal, useRenewal } from './renewal-store';

const order = (id: number) => ({ product: { id, plot: null, quantity: 2 }, audiences: [], upsells: [] });

describe('cart store', () => {
  it('counts orders, pops the last one back, and re-renders readers', () => {
    clearCart();
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => {
      pushCartOrder(order(1));
      pushCartOrder(order(2));
    });
    expect(result.current).toBe(2);
    let popped: ReturnType<typeof popCartOrder>;
    act(() => {
      popped = popCartOrder();
    });
    expect(popped!.product.id).toBe(2);
    expect(result.current).toBe(1);
  });

  it('survives a reload through sessionStorage and ignores tampered data', () => {
    clearCart();
    pushCartOrder(order(7));
    expect(JSON.parse(sessionStorage.getItem('kassa.cart') ?? '[]')).toHaveLength(1);
    sessionStorage.setItem('kassa.cart', '[{"product":"x"}]');
    expect(cartStore.get()).toEqual([]);
  });
});

describe('renewal store', () => {
  it('stores a renewal until it ends', () => {
    const { result } = renderHook(() => useRenewal());
    expect(result.current).toBeNull();
    act(() => startRenewal({ hash: 'h', subscriptionId: 3, expiration: null, passes: [] }));
    expect(result.current?.subscriptionId).toBe(3);
    expect(renewalStore.get()?.hash).toBe('h');
    act(() => endRenewal());
    expect(result.current).toBeNull();
  });
});
