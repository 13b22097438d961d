import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares a secret someone sent with the stored one in constant time:
 * both are hashed first, so neither their content nor their length shows
 * in how long the answer takes. No stored secret never matches.
 */
export function sameSecret(sent: string, stored: string | null | undefined): boolean {
  if (!stored) return false;
  return timingSafeEqual(digest(sent), digest(stored));
}
