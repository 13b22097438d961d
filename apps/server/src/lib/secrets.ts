import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret for links and hashes (orders, reservations, rebooking, payments):
 * 128 bits from the CSPRNG, base64url so it can sit in a URL path as is.
 */
export function secretToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * What is stored of a bearer secret (staff and client sessions, login
 * links): its SHA-256, so a leaked table gives no usable token.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// RFC 4648 base32: no 0/1/8/9, so O and I cannot be mistaken for digits.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A code people type (voucher codes): 80 bits from the CSPRNG as 16 base32
 * characters in groups of four, e.g. `K7QF-M2XA-9…`. Checks must compare
 * case-insensitively and ignore the dashes and spaces people add or drop.
 */
export function voucherCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return out.match(/.{4}/g)!.join('-');
}
