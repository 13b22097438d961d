import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from './rate-limit.ts';

const minute = 60_000;
const rule: RateLimitRule = { name: 'test', max: 3, windowMs: minute };
const at = (iso: string) => new Date(iso);

describe('consumeRateLimit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('allows max requests in a window and refuses the next', async () => {
    const now = at('2026-01-01T10:00:10Z');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(database.db, rule, 'a', now));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    // Four counted (the refused one too): the next request fits once their share has faded to two,
    // half-way through the next window (50 s + 30 s).
    expect(results[3]?.retryAfterSeconds).toBe(80);
  });

  it('keeps counting a burst at the end of a window at the start of the next (a sliding window, decision 0274)', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:00:59Z'))).allowed).toBe(true);
    }
    // A fixed window would start again from zero here and let three more through within two seconds.
    const atBoundary = await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:01:00Z'));
    expect(atBoundary).toMatchObject({ allowed: false, count: 1, estimate: 4 });
    // Two thirds of the way through, the earlier three weigh one: room for one more (2 + 1 = 3).
    const later = await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:01:40Z'));
    expect(later).toMatchObject({ allowed: true, count: 2, estimate: 3 });
    expect(await peekRateLimit(database.db, rule, 'b', at('2026-01-01T11:01:40Z'))).toBe(3);
    // A window later, only the two of 11:01 weigh, fading; after two quiet windows nothing does.
    expect((await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:02:00Z'))).estimate).toBe(3);
    const fresh = await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:04:00Z'));
    expect(fresh).toEqual({ allowed: true, count: 1, estimate: 1, retryAfterSeconds: 1 });
  });

  it('counts each subject and each rule on its own', async () => {
    const now = at('2026-01-01T12:00:00Z');
    for (let i = 0; i < 4; i++) await consumeRateLimit(database.db, rule, 'c', now);
    expect((await consumeRateLimit(database.db, rule, 'd', now)).count).toBe(1);
    expect((await consumeRateLimit(database.db, { ...rule, name: 'other' }, 'c', now)).count).toBe(1);
  });

  it('gives concurrent requests distinct counts, so none slips past the limit', async () => {
    const now = at('2026-01-01T13:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(database.db, rule, 'e', now)),
    );
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('deletes windows that can no longer count when a new window opens', async () => {
    await consumeRateLimit(database.db, rule, 'f', at('2026-01-01T14:00:00Z'));
    // The previous window still counts for one more: it is kept.
    await consumeRateLimit(database.db, rule, 'f', at('2026-01-01T14:01:30Z'));
    await consumeRateLimit(database.db, rule, 'g', at('2026-01-01T14:02:30Z'));
    const rows = await database.db.select().from(rateLimits);
    expect(rows.map((row) => [row.key, row.windowStart.toISOString()]).sort()).toEqual([
      ['test:f', '2026-01-01T14:01:00.000Z'],
      ['test:g', '2026-01-01T14:02:00.000Z'],
    ]);
  });
});
