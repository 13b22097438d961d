/**
 * Rate limits kept in the database, so a limit holds however many server
 * instances share it (docs/architecture.md: nothing depends on process
 * memory for correctness; decision 0007). One atomic upsert per request
 * counts it.
 *
 * Each rule counts in windows aligned to the clock, and weighs the previous
 * window's count by how much of it still lies within the last `windowMs`
 * (a sliding window, decision 0274): a client cannot place `max` requests
 * at the end of one window and `max` more at the start of the next.
 */
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './errors.ts';

export interface RateLimitRule {
  /** Names the limit in its keys, so different limits never share a counter. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Requests in the last windowMs, this one included: the current window's count plus the previous one's share. */
  estimate: number;
  /** Seconds until a request would be allowed again. */
  retryAfterSeconds: number;
}

interface Windows {
  start: Date;
  previousStart: Date;
  /** When the row of the window holding now is no longer needed: it counts as the previous window until then. */
  expiresAt: Date;
  /** The share of the previous window still within the last windowMs, 1 at the current window's start. */
  previousWeight: number;
}

function windowsAt(rule: RateLimitRule, now: Date): Windows {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return {
    start: new Date(start),
    previousStart: new Date(start - rule.windowMs),
    expiresAt: new Date(start + 2 * rule.windowMs),
    previousWeight: 1 - (now.getTime() - start) / rule.windowMs,
  };
}

/**
 * Milliseconds from now until one more request fits: the current window's
 * count and the previous one's fading share must leave room for it.
 */
function waitMs(rule: RateLimitRule, now: Date, current: number, previous: number): number {
  const { start } = windowsAt(rule, now);
  const elapsed = now.getTime() - start.getTime();
  if (current + 1 + previous * (1 - elapsed / rule.windowMs) <= rule.max) return 0;
  // Within this window: the previous window's share fades until it leaves room.
  if (current + 1 <= rule.max) {
    const neededWeight = (rule.max - current - 1) / previous;
    const at = rule.windowMs * (1 - neededWeight);
    return Math.max(0, at - elapsed);
  }
  // In the next window this one is the previous: its share must fade below max − 1.
  const share = current > 0 ? Math.max(0, 1 - (rule.max - 1) / current) : 0;
  return rule.windowMs - elapsed + rule.windowMs * share;
}

/** Expired rows deleted per clean-up, so no request pays for a large backlog. */
const CLEANUP_BATCH = 500;

/**
 * Counts one request against `rule` for `subject` (a client IP, say) at
 * `now` and tells whether it is within the limit.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitResult> {
  const windows = windowsAt(rule, now);
  const key = `${rule.name}:${subject}`;
  // INSERT … ON CONFLICT DO UPDATE takes the row lock, so concurrent requests
  // on any instance each see their own count: none slips through a race.
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windows.start, count: 1, expiresAt: windows.expiresAt })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count, previous: previousCount(key, windows) });
  const count = row?.count ?? 1;
  const previous = Number(row?.previous ?? 0);
  // A new window is a rare enough moment to sweep the windows that ended.
  if (count === 1) await deleteExpiredWindows(db, now);
  const estimate = count + previous * windows.previousWeight;
  return {
    allowed: estimate <= rule.max,
    count,
    estimate,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs(rule, now, count, previous) / 1000)),
  };
}

/** The previous window's count for `key`, as a column of the upsert's answer (no second round trip). */
function previousCount(key: string, windows: Windows): SQL<number | null> {
  return sql<number | null>`(SELECT earlier.count FROM ${rateLimits} AS earlier WHERE earlier.key = ${key} AND earlier.window_start = ${windows.previousStart.toISOString()}::timestamptz)`;
}

/**
 * Deletes a batch of ended windows. SKIP LOCKED lets concurrent sweeps take
 * different rows instead of waiting on (or deadlocking with) each other.
 */
async function deleteExpiredWindows(db: Db, now: Date): Promise<void> {
  const expired = db
    .select({ key: rateLimits.key, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .limit(CLEANUP_BATCH)
    .for('update', { skipLocked: true });
  await db.delete(rateLimits).where(sql`(${rateLimits.key}, ${rateLimits.windowStart}) in ${expired}`);
}

/**
 * An onRequest hook limiting a route per client IP: over the limit it sets
 * Retry-After and answers 429 RATE_LIMITED. It runs before the body is
 * parsed, so refused requests cost one query.
 */
export function rateLimitByIp(db: Db, rule: RateLimitRule, now: () => Date) {
  return async function limitByIp(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await consumeRateLimit(db, rule, request.ip, now());
    if (result.allowed) return;
    reply.header('retry-after', String(result.retryAfterSeconds));
    throw new AppError(429, 'RATE_LIMITED', 'Too many requests, please try again later');
  };
}

/**
 * How many requests `rule` has counted for `subject` in the last windowMs
 * before `now` (the current window's count plus the previous one's share),
 * without counting one.
 */
export async function peekRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<number> {
  const windows = windowsAt(rule, now);
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, `${rule.name}:${subject}`),
        inArray(rateLimits.windowStart, [windows.start, windows.previousStart]),
      ),
    );
  const counted = (start: Date) => rows.find((row) => row.windowStart.getTime() === start.getTime())?.count ?? 0;
  return counted(windows.start) + counted(windows.previousStart) * windows.previousWeight;
}

/** Drops every window `rule` has counted for `subject` (a login that succeeded forgets its failures). */
export async function forgetRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${subject}`));
}
