import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route page in its own chunk, with a way to load that chunk before React renders it. */
export interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  /** Loads the page's chunk; after it resolves, the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy around `load`, which once preloaded hands React a thenable that
 * resolves synchronously. Why: React.lazy suspends on its first render even
 * when the chunk is already loaded, so the server would write the Suspense
 * fallback instead of the page, and hydration would meet a suspended page.
 * With the chunk preloaded (entry-server.tsx, main.tsx) the first render is
 * the page itself, on the server and in the browser alike.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;

  function loadOnce(): Promise<ComponentType> {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk load may be retried
        throw error;
      },
    );
    return loading;
  }

  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return loadOnce().then((component) => ({ default: component }));
    // React reads a thenable's result as soon as `then` calls back: no suspension.
    const settled: PromiseLike<{ default: ComponentType }> = {
      then: (onFulfilled) => {
        onFulfilled?.({ default: ready });
        return settled as never;
      },
    };
    return settled as Promise<{ default: ComponentType }>;
  });

  return {
    Page,
    preload: async () => {
      await loadOnce();
    },
  };
}
