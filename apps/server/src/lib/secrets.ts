import { newIssuedCode } from '@kassa/domain/rules/issued-voucher-code';
import { newOrderReference } from '@kassa/domain/rules/order-reference';
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

/**
 * A code for a sold voucher (decision 0112): `KSA` and 16 characters of an
 * unambiguous 32-character alphabet (80 bits) with a check character that
 * catches typos, in groups of four. Checks compare case-insensitively and
 * ignore the dashes and spaces people add or drop.
 */
export function voucherCode(): string {
  return newIssuedCode((size) => randomBytes(size));
}

/**
 * A public order reference (decision 0104): 10 digits from the CSPRNG and a
 * Damm check digit, what customers see and type instead of the order id.
 */
export function orderReference(): string {
  return newOrderReference((size) => randomBytes(size));
}
