/**
 * Storefront events (docs/storefront.md §7.13) for whoever embeds or tracks
 * the shop: each event is pushed GA4-style to window.dataLayer, dispatched as
 * a 'kassa:event' CustomEvent on window, and posted to the parent window when
 * the shop runs in an iframe. What receivers do with them is theirs.
 */
import { STEP_EVENT_DELAY_MS } from '@kassa/domain/rules/constants';
import { useEffect } from 'react';

export type SelectionKind = 'product' | 'subscription' | 'voucher' | 'rebooking' | 'renewal';

export interface EventItem {
  id: number | string;
  title: string;
  price?: number;
  quantity?: number;
}

export interface StepEvent {
  event: 'kassa_step';
  /** The page or flow: home, category, product, subscription, voucher, … */
  flow: string;
  /** The step inside the flow; pages without steps use 'view'. */
  step: string;
  item?: EventItem;
}

export interface SelectionEvent {
  event: 'select_item';
  selection: SelectionKind;
  ecommerce: {
    currency: string;
    item_list_name?: string;
    items: {
      item_id: string;
      item_name: string;
      item_category: SelectionKind;
      price?: number;
      quantity?: number;
    }[];
  };
}

export type StorefrontEvent = StepEvent | SelectionEvent;

export const EVENT_NAME = 'kassa:event';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Delivers one event to all three receivers. */
export function raiseEvent(detail: StorefrontEvent): void {
  const dataLayer = (window.dataLayer ??= []);
  // GA4 advice: clear the previous ecommerce object before pushing a new one.
  if ('ecommerce' in detail) dataLayer.push({ ecommerce: null });
  dataLayer.push(detail);
  window.dispatchEvent(new CustomEvent<StorefrontEvent>(EVENT_NAME, { detail }));
  if (window.parent !== window) window.parent.postMessage({ type: EVENT_NAME, ...detail }, '*');
}

/**
 * A step change, raised after STEP_EVENT_DELAY_MS (docs/storefront.md §9.1) so
 * the new step has rendered first. Returns a cancel for steps left before it
 * fires.
 */
export function raiseStep(flow: string, step: string, item?: EventItem): () => void {
  const timer = setTimeout(
    () => raiseEvent({ event: 'kassa_step', flow, step, ...(item ? { item } : {}) }),
    STEP_EVENT_DELAY_MS,
  );
  return () => clearTimeout(timer);
}

/** A chosen product, subscription, voucher, rebooking or renewal. */
export function raiseSelection(
  selection: SelectionKind,
  item: EventItem,
  currency: string,
  listName?: string,
): void {
  raiseEvent({
    event: 'select_item',
    selection,
    ecommerce: {
      currency,
      ...(listName ? { item_list_name: listName } : {}),
      items: [
        {
          item_id: String(item.id),
          item_name: item.title,
          item_category: selection,
          ...(item.price === undefined ? {} : { price: item.price }),
          ...(item.quantity === undefined ? {} : { quantity: item.quantity }),
        },
      ],
    },
  });
}

/**
 * Raises the step event whenever flow, step or the item changes (once per
 * change); the item is compared by id and title, not by object identity.
 */
export function useStepEvent(flow: string, step: string | undefined, item?: EventItem): void {
  const id = item?.id;
  const title = item?.title;
  useEffect(() => {
    if (!step) return undefined;
    return raiseStep(flow, step, id === undefined || title === undefined ? undefined : { id, title });
  }, [flow, step, id, title]);
}
