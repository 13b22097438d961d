/**
 * Password hashing for every account kind (staff now, clients later): scrypt
 * from node:crypto with a random salt, stored as one self-describing string
 * `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url), so the cost can be
 * raised later and old hashes still verify (`needsRehash` tells when to
 * store a new one at the next successful login). Decision 0092.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  r: number;
  p: number;
}

/** OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~130 MiB a hash; 2^15 keeps a login near 60 ms and 32 MiB. */
export const CURRENT_PARAMS: ScryptParams = { ln: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Refuse stored parameters that would let one login eat the machine. */
const MAX_LN = 20;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.ln,
    r: params.r,
    p: params.p,
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is just too small for ln=15.
    maxmem: 256 * 2 ** params.ln * params.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

/** A new hash of `password` with a fresh salt and the current parameters. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(params, salt, await derive(password, salt, params));
}

/** Whether `password` matches `stored`; false for a malformed hash. Compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with weaker parameters than today's (or cannot be read). */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.params.ln < params.ln || parsed.params.r < params.r || parsed.params.p < params.p;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account to check, so a
 * login for an unknown e-mail takes as long as a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('kassa-no-such-account');
  await verifyPassword(password, await dummy);
  return false;
}
