/**
 * Fixed-window rate limits kept in the database, so a limit holds however
 * many server instances share it (docs/architecture.md: nothing depends
 * on process memory for correctness; decision 0007). One atomic upsert per
 * request counts it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
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
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
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
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const expiresAt = new Date(windowStart.getTime() + rule.windowMs);
  // INSERT … ON CONFLICT DO UPDATE takes the row lock, so concurrent requests
  // on any instance each see their own count: none slips through a race.
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  // A new window is a rare enough moment to sweep the windows that ended.
  if (count === 1) await deleteExpiredWindows(db, now);
  return {
    allowed: count <= rule.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
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

/** How many requests `rule` has counted for `subject` in the window holding `now`, without counting one. */
export async function peekRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/** Drops every window `rule` has counted for `subject` (a login that succeeded forgets its failures). */
export async function forgetRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${subject}`));
}
