import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { orders, type OrderKind } from '../../db/schema.ts';
import { orderErrors } from './order-errors.ts';

/** JSON with object keys sorted, so the same request always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint stored with an Idempotency-Key: SHA-256 of the parsed
 * request (defaults applied), so a retry of the same order matches and a
 * different order under the same key does not. The captcha answer is left
 * out: a retry may carry a fresh one.
 */
export function requestFingerprint(request: unknown): string {
  const { captcha: _captcha, ...rest } = request as Record<string, unknown>;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/**
 * The order made earlier under `key`, if any. The same key with another
 * request is refused with 422 IDEMPOTENCY_KEY_REUSED (Stripe's behaviour)
 * instead of answering the first order as if it were this one.
 */
export async function findByIdempotencyKey(
  db: Db,
  organisationId: number,
  key: string,
  kind: OrderKind,
  fingerprint: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id, kind: orders.kind, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return undefined;
  // A key spent on another kind of order is another request too.
  if (row.kind !== kind) throw orderErrors.idempotencyKeyReused();
  // Orders made before fingerprints were kept have none: they answer as before.
  if (row.fingerprint !== null && row.fingerprint !== fingerprint) throw orderErrors.idempotencyKeyReused();
  return row.id;
}
