import { newIssuedCode } from '@kassa/domain/rules/issued-voucher-code';
import { randomBytes } from 'node:crypto';

/**
 * A secret for links and hashes (orders, reservations, rebooking, payments):
 * 128 bits from the CSPRNG, base64url so it can sit in a URL path as is.
 */
export function secretToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A code for a sold voucher (decision 0112): `KSA` and 16 characters of an
 * unambiguous 32-character alphabet (80 bits) with a check character that
 * catches typos, in groups of four. Checks compare case-insensitively and
 * ignore the dashes and spaces people add or drop.
 */
export function voucherCode(): string {
  return newIssuedCode((size) => randomBytes(size));
}
