import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

function counter() {
  let calls = 0;
  return {
    compute: async () => `answer ${++calls}`,
    get calls() {
      return calls;
    },
  };
}

describe('createAnswerCache', () => {
  it('reuses an answer while it is fresh', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    const source = counter();
    expect(await cache.get('a', source.compute)).toBe('answer 1');
    now = 999;
    expect(await cache.get('a', source.compute)).toBe('answer 1');
    expect(source.calls).toBe(1);
  });

  it('serves a stale answer once while one request recomputes it', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    const source = counter();
    await cache.get('a', source.compute);
    now = 1500;
    const [first, second] = await Promise.all([
      cache.get('a', source.compute),
      cache.get('a', source.compute),
    ]);
    expect([first, second]).toEqual(['answer 1', 'answer 1']);
    expect(source.calls).toBe(2);
    // The recomputed answer is fresh from when it began.
    now = 2400;
    expect(await cache.get('a', source.compute)).toBe('answer 2');
    expect(source.calls).toBe(2);
  });

  it('never serves an answer older than twice its time to live', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    const source = counter();
    await cache.get('a', source.compute);
    now = 2000;
    expect(await cache.get('a', source.compute)).toBe('answer 2');
  });

  it('keeps serving the stale answer when a recomputation fails, within the bound', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    await cache.get('a', async () => 'good');
    now = 1200;
    const failing = () => Promise.reject(new Error('down'));
    expect(await cache.get('a', failing)).toBe('good');
    await Promise.resolve();
    now = 1300;
    expect(await cache.get('a', async () => 'fresh')).toBe('good');
    await new Promise((resolve) => setTimeout(resolve, 0));
    now = 1400;
    expect(await cache.get('a', failing)).toBe('fresh');
  });

  it('keeps answers apart by key', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => 0 });
    const source = counter();
    await cache.get('a', source.compute);
    expect(await cache.get('b', source.compute)).toBe('answer 2');
  });

  it('shares one computation among concurrent requests', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => 0 });
    const source = counter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', source.compute)));
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(source.calls).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => 0 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'recovered')).toBe('recovered');
  });

  it('computes every time when turned off', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 0, maxEntries: 10, clock: () => 0 });
    const source = counter();
    await cache.get('a', source.compute);
    await cache.get('a', source.compute);
    expect(source.calls).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 2, clock: () => 0 });
    const source = counter();
    await cache.get('a', source.compute);
    await cache.get('b', source.compute);
    await cache.get('c', source.compute);
    expect(await cache.get('b', source.compute)).toBe('answer 2');
    expect(await cache.get('a', source.compute)).toBe('answer 4');
  });
});

describe('createAnswerCache peek (decision 0283)', () => {
  it('hands out a computed answer only while it is fresh', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    const source = counter();
    expect(cache.peek('a')).toBeUndefined();
    const pending = cache.get('a', source.compute);
    // Not settled yet: the request waits for it through get().
    expect(cache.peek('a')).toBeUndefined();
    await pending;
    expect(cache.peek('a')).toBe('answer 1');
    now = 999;
    expect(cache.peek('a')).toBe('answer 1');
    // Stale: not handed out, so the request goes through get(), which recomputes it.
    now = 1000;
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', source.compute)).toBe('answer 1');
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.peek('a')).toBe('answer 2');
    expect(source.calls).toBe(2);
  });

  it('hands out nothing with the cache off or after a failure', async () => {
    const off = createAnswerCache<string>({ ttlMs: 0, maxEntries: 10 });
    await off.get('a', async () => 'answer');
    expect(off.peek('a')).toBeUndefined();
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, clock: () => 0 });
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(cache.peek('a')).toBeUndefined();
  });
});
