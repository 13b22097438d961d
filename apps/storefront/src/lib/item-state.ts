import type { ItemState } from '@kassa/domain/contract/common';

/** Spec §4: only INVISIBLE and PUBLISHED items may be shown; other states send a page to /. */
export function isDisplayable(state: ItemState): boolean {
  return state === 'PUBLISHED' || state === 'INVISIBLE';
}

/** Lists show PUBLISHED items only; INVISIBLE ones are reachable by their link alone. */
export function isListed(state: ItemState): boolean {
  return state === 'PUBLISHED';
}
