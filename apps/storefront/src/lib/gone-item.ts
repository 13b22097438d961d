/**
 * An item a link named that the shop no longer has (decision 0197). The
 * storefront sends such a page home; the kind travels along in the navigation's
 * state, so home (or the not-found page the server wrote) can say why.
 */
import { isApiError } from './api-error';
import { isDisplayable } from './item-state';
import type { ItemState } from '@kassa/domain/contract/common';

export type GoneKind = 'product' | 'category' | 'subscription' | 'voucher';

const KINDS: readonly string[] = ['product', 'category', 'subscription', 'voucher'];

/** The navigation state naming the gone item's kind. */
export function goneState(kind: GoneKind): { gone: GoneKind } {
  return { gone: kind };
}

/** The gone item's kind a navigation's state names, if any. */
export function goneKindOf(state: unknown): GoneKind | null {
  const gone = (state as { gone?: unknown } | null)?.gone;
  return typeof gone === 'string' && KINDS.includes(gone) ? (gone as GoneKind) : null;
}

/**
 * Whether an item page's load says the item is gone: a malformed id, a 404,
 * or a state the shop does not show. Other failures (no connection) are not
 * a reason to tell the visitor the item is gone.
 */
export function isGoneItem(validId: boolean, error: unknown, state: ItemState | undefined): boolean {
  return (
    !validId || (isApiError(error) && error.status === 404) || (state !== undefined && !isDisplayable(state))
  );
}
