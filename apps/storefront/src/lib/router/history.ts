/**
 * Where the router's location lives (decision 0279): the browser's history,
 * a list in memory (tests), or one fixed location (the server's page
 * renderer). A browser entry's state is kept as React Router kept it,
 * `{ usr, key, idx }`, so entries written before this router still read.
 */
import { createPath, parsePath, type Path } from './path';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location extends Path {
  /** What the navigation to this entry carried (`navigate(to, { state })`), or null. */
  state: unknown;
  /** The entry's own key; 'default' for the entry the page (or a memory history) started at. */
  key: string;
}

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(to: Path, state?: unknown): void;
  replace(to: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called after every move; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function createBrowserHistory(): History {
  const entryState = () => (window.history.state ?? {}) as EntryState;
  let action: NavigationType = 'POP';
  let listener: (() => void) | null = null;
  if (entryState().idx == null) window.history.replaceState({ ...entryState(), idx: 0 }, '');

  const onPopState = () => {
    action = 'POP';
    listener?.();
  };
  function write(kind: 'PUSH' | 'REPLACE', to: Path, state: unknown) {
    action = kind;
    const idx = (entryState().idx ?? 0) + (kind === 'PUSH' ? 1 : 0);
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx };
    const url = createPath(to);
    if (kind === 'REPLACE') window.history.replaceState(entry, '', url);
    else {
      try {
        window.history.pushState(entry, '', url);
      } catch (error) {
        // A state the browser cannot store is a bug to see; too many entries (iOS) becomes a page load.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
    }
    listener?.();
  }
  return {
    get location() {
      const { pathname, search, hash } = window.location;
      const { usr, key } = entryState();
      return { pathname, search, hash, state: usr ?? null, key: key ?? 'default' };
    },
    get action() {
      return action;
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => window.history.go(delta),
    listen(next) {
      listener = next;
      window.addEventListener('popstate', onPopState);
      return () => {
        window.removeEventListener('popstate', onPopState);
        listener = null;
      };
    },
  };
}

/** Entries in memory, for tests: `go` moves at once, as a browser's popstate would later. */
export function createMemoryHistory(initialEntries: (string | Partial<Location>)[] = ['/']): History {
  const entries: Location[] = initialEntries.map((entry, index) => {
    const path: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
    return {
      pathname: path.pathname ?? '/',
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: path.state ?? null,
      key: index === 0 ? 'default' : createKey(),
    };
  });
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  let listener: (() => void) | null = null;
  function write(kind: 'PUSH' | 'REPLACE', to: Path, state: unknown) {
    action = kind;
    if (kind === 'PUSH') index += 1;
    entries.splice(index, kind === 'PUSH' ? entries.length : 1, {
      ...to,
      state: state ?? null,
      key: createKey(),
    });
    listener?.();
  }
  return {
    get location() {
      return entries[index]!;
    },
    get action() {
      return action;
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go(delta) {
      action = 'POP';
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      listener?.();
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
}

/** The server renders one location; a navigation there is a bug (React Router threw too). */
export function createStaticHistory(location: Partial<Location>): History {
  const refuse = () => {
    throw new Error('The server renders one location and cannot navigate (a navigate() during render?)');
  };
  const fixed: Location = {
    pathname: location.pathname || '/',
    search: location.search || '',
    hash: location.hash || '',
    state: location.state ?? null,
    key: location.key || 'default',
  };
  return {
    location: fixed,
    action: 'POP',
    push: refuse,
    replace: refuse,
    go: refuse,
    listen: () => () => {},
  };
}
