import { useSyncExternalStore } from 'react';

/** Below the order page's two-column width (order-layout.css: 64rem), the summary stacks under the form. */
const NARROW = '(max-width: 63.99rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function narrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
}

/**
 * Whether the order page is one column (a phone): the pay bar is rendered
 * only then, so each width has exactly one Pay button in the page — also
 * for assistive technology and tests, not only on screen (decision 0148).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
