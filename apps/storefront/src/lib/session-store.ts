/**
 * A tiny external store kept in sessionStorage, read by React through
 * useSyncExternalStore. The cart and the renewal use it: both must survive a
 * reload and the round trip to a payment page, but not outlive the tab.
 */
import { useSyncExternalStore } from 'react';

export interface SessionStore<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Reads the store in a component and re-renders on change. */
  use(): T;
  use<S>(select: (value: T) => S): S;
}

export function createSessionStore<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
): SessionStore<T> {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | undefined;

  function get(): T {
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(key);
    } catch {
      raw = null; // storage blocked: the store lives in memory only
    }
    if (cache && cache.raw === raw) return cache.value;
    let value = initial;
    if (raw !== null) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isValid(parsed)) value = parsed;
      } catch {
        value = initial;
      }
    }
    cache = { raw, value };
    return value;
  }

  function set(next: T | ((current: T) => T)): void {
    const value = typeof next === 'function' ? (next as (current: T) => T)(get()) : next;
    const raw = JSON.stringify(value);
    try {
      sessionStorage.setItem(key, raw);
    } catch {
      // storage blocked: keep the value in memory
    }
    cache = { raw, value };
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function use<S>(select?: (value: T) => S): T | S {
    const value = useSyncExternalStore(subscribe, get, get);
    return select ? select(value) : value;
  }

  return { get, set, subscribe, use: use as SessionStore<T>['use'] };
}
