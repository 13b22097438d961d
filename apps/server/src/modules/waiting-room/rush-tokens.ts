/**
 * Signed queue tokens and passes (decision 0266): HMAC-SHA256 with a key
 * every instance shares, generated once and kept in server_settings, as the
 * captcha's key is. A token names its entry; a pass also carries its expiry,
 * so a stale pass is refused without a read, but only the database decides
 * whether it was spent.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { serverSettings } from '../../db/schema.ts';

const SETTING_KEY = 'rush_hmac_key';

export interface QueueTokenPayload {
  t: 'q';
  /** Entry id. */
  e: number;
  /** Queue id. */
  q: number;
  /** Product the visitor queued for. */
  p: number;
  /** Rank when known at joining (after the opening). */
  k?: number;
}

export interface PassPayload {
  t: 'p';
  e: number;
  q: number;
  p: number;
  /** Expiry, epoch milliseconds. */
  x: number;
}

async function readKey(db: Db | Tx): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, SETTING_KEY))
    .limit(1);
  return row?.value;
}

/** The key, made by whichever instance asks first; once stored it never changes. */
export async function rushKey(db: Db): Promise<string> {
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insert(serverSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const created = await readKey(db);
  if (!created) throw new Error('The waiting room key could not be stored');
  return created;
}

/** The key inside an order's transaction; none stored means no pass was ever issued. */
export function storedRushKey(tx: Tx): Promise<string | undefined> {
  return readKey(tx);
}

function mac(key: string, body: string): string {
  return createHmac('sha256', key).update(`kassa-rush.${body}`).digest('base64url');
}

export function signRushToken(key: string, payload: QueueTokenPayload | PassPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

function verify(key: string, token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

export function verifyQueueToken(key: string, token: string): QueueTokenPayload | null {
  const value = verify(key, token) as Partial<QueueTokenPayload> | null;
  if (!value || value.t !== 'q' || !isId(value.e) || !isId(value.q) || !isId(value.p)) return null;
  if (value.k !== undefined && !isId(value.k)) return null;
  return value as QueueTokenPayload;
}

export function verifyPass(key: string, token: string): PassPayload | null {
  const value = verify(key, token) as Partial<PassPayload> | null;
  if (!value || value.t !== 'p' || !isId(value.e) || !isId(value.q) || !isId(value.p)) return null;
  if (!Number.isSafeInteger(value.x)) return null;
  return value as PassPayload;
}
