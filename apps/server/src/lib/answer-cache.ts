/**
 * A short-lived cache of computed answers, shared by requests in flight.
 *
 * Why: a plots answer for a 60-day window of time slots is a few hundred
 * priced plots, and the storefront asks for the same one over and over. Seats
 * are never sold from this answer — the order transaction re-checks capacity
 * under a plot lock — so serving it a little old is safe; it only makes the
 * shown availability that much older, as every rendered page already is.
 * Several instances each keep their own copy; none depends on another's.
 *
 * An answer is fresh for `ttlMs`. For another `ttlMs` it is still served while
 * one request recomputes it in the background, so visitors do not queue
 * behind a recomputation every time an answer expires. Answers are never
 * older than 2 × ttlMs.
 */
export interface AnswerCache<T> {
  /** The cached answer for `key`, or `compute()`'s, shared with concurrent callers. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * The answer for `key` when one is computed and fresh (younger than ttlMs),
   * else undefined: for a route that answers a cache hit before it does its
   * own per-request work (decision 0283). A stale answer is not returned: the
   * request goes through get(), which starts its recomputation.
   */
  peek(key: string): T | undefined;
}

export interface AnswerCacheOptions {
  /** How long an answer is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** Monotonic milliseconds; replaceable in tests. */
  clock?: () => number;
}

interface Entry<T> {
  /** When the computation began: the answer reflects the data of that moment. */
  startedAt: number;
  answer: Promise<T>;
  settled: boolean;
  /** The answer once settled (peek hands it out without waiting for the promise). */
  value: T | undefined;
  refreshing: boolean;
}

export function createAnswerCache<T>(options: AnswerCacheOptions): AnswerCache<T> {
  const { ttlMs, maxEntries } = options;
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();

  function start(key: string, compute: () => Promise<T>, now: number): Entry<T> {
    const entry: Entry<T> = {
      startedAt: now,
      answer: compute(),
      settled: false,
      value: undefined,
      refreshing: false,
    };
    entry.answer.then(
      (value) => {
        entry.value = value;
        entry.settled = true;
      },
      // Failures are not answers: the next request tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  function store(key: string, entry: Entry<T>): void {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function refresh(key: string, stale: Entry<T>, compute: () => Promise<T>, now: number): void {
    stale.refreshing = true;
    const next = start(key, compute, now);
    next.answer.then(
      () => {
        if (entries.get(key) === stale) store(key, next);
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  return {
    peek(key) {
      if (ttlMs <= 0) return undefined;
      const cached = entries.get(key);
      if (cached === undefined || !cached.settled) return undefined;
      return clock() - cached.startedAt < ttlMs ? cached.value : undefined;
    },
    get(key, compute) {
      if (ttlMs <= 0) return compute();
      const now = clock();
      const cached = entries.get(key);
      if (cached) {
        const age = now - cached.startedAt;
        if (age < ttlMs) return cached.answer;
        if (cached.settled && age < 2 * ttlMs) {
          if (!cached.refreshing) refresh(key, cached, compute, now);
          return cached.answer;
        }
      }
      const entry = start(key, compute, now);
      store(key, entry);
      return entry.answer;
    },
  };
}
