import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { consumeRateLimit, type RateLimitRule } from './rate-limit.ts';

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
    expect(results[3]?.retryAfterSeconds).toBe(50);
  });

  it('starts counting again in the next window', async () => {
    const first = at('2026-01-01T11:00:59Z');
    for (let i = 0; i < 4; i++) await consumeRateLimit(database.db, rule, 'b', first);
    const next = await consumeRateLimit(database.db, rule, 'b', at('2026-01-01T11:01:00Z'));
    expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
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

  it('deletes ended windows when a new window opens', async () => {
    await consumeRateLimit(database.db, rule, 'f', at('2026-01-01T14:00:00Z'));
    await consumeRateLimit(database.db, rule, 'g', at('2026-01-02T00:00:00Z'));
    const rows = await database.db.select().from(rateLimits);
    expect(rows.map((row) => row.key)).toEqual(['test:g']);
  });
});
