import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_NAME,
  raiseSelection,
  raiseStep,
  useStepEvent,
  type StorefrontEvent,
} from './storefront-events';

let received: StorefrontEvent[];
function listen(event: Event) {
  received.push((event as CustomEvent<StorefrontEvent>).detail);
}

beforeEach(() => {
  vi.useFakeTimers();
  received = [];
  window.dataLayer = [];
  window.addEventListener(EVENT_NAME, listen);
});
afterEach(() => {
  window.removeEventListener(EVENT_NAME, listen);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('storefront events', () => {
  it('raises a step event only after 10 ms, to dataLayer and as a CustomEvent', () => {
    raiseStep('product', 'quantity');
    vi.advanceTimersByTime(9);
    expect(received).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(received).toEqual([{ event: 'kassa_step', flow: 'product', step: 'quantity' }]);
    expect(window.dataLayer).toEqual([{ event: 'kassa_step', flow: 'product', step: 'quantity' }]);
  });

  it('drops a step left before its delay ran out', () => {
    const cancel = raiseStep('product', 'quantity');
    cancel();
    vi.advanceTimersByTime(50);
    expect(received).toEqual([]);
  });

  it('pushes selections GA4-style, clearing the previous ecommerce object first', () => {
    raiseSelection('voucher', { id: 4, title: 'Gift card', price: 25 }, 'EUR', 'home');
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'select_item',
        selection: 'voucher',
        ecommerce: {
          currency: 'EUR',
          item_list_name: 'home',
          items: [{ item_id: '4', item_name: 'Gift card', item_category: 'voucher', price: 25 }],
        },
      },
    ]);
    expect(received[0]).toMatchObject({ event: 'select_item', selection: 'voucher' });
  });

  it('posts to the parent window only when embedded', () => {
    const own = vi.spyOn(window, 'postMessage');
    raiseSelection('product', { id: 1, title: 'Tour' }, 'EUR');
    expect(own).not.toHaveBeenCalled(); // not embedded: window.parent is window

    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    raiseSelection('renewal', { id: 2, title: 'Pass' }, 'EUR');
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'kassa:event', event: 'select_item', selection: 'renewal' }),
      '*',
    );
  });

  it('raises one step event per change from a component', () => {
    const { rerender } = renderHook(({ step }) => useStepEvent('home', step), {
      initialProps: { step: 'view' },
    });
    rerender({ step: 'view' });
    vi.advanceTimersByTime(10);
    rerender({ step: 'list' });
    vi.advanceTimersByTime(10);
    expect(received.map((event) => (event as { step: string }).step)).toEqual(['view', 'list']);
  });

  it('carries the item a step is about, and raises again when the item changes', () => {
    const { rerender } = renderHook(
      ({ id }) => useStepEvent('category', 'view', { id, title: `Category ${id}` }),
      {
        initialProps: { id: 1 },
      },
    );
    vi.advanceTimersByTime(10);
    rerender({ id: 1 }); // a new object for the same item: no new event
    vi.advanceTimersByTime(10);
    rerender({ id: 2 });
    vi.advanceTimersByTime(10);
    expect(received).toEqual([
      { event: 'kassa_step', flow: 'category', step: 'view', item: { id: 1, title: 'Category 1' } },
      { event: 'kassa_step', flow: 'category', step: 'view', item: { id: 2, title: 'Category 2' } },
    ]);
  });
});
