/**
 * The codes Kassa issues for sold vouchers (decision 0112): 16 characters from
 * a CSPRNG in an alphabet without look-alikes (no 0/O, 1/I), 80 bits, then
 * one check character that catches any single mistyped character and any
 * swap of two neighbours before a lookup is made (Damm's scheme over the
 * field of 32 elements; Luhn mod 32 misses the swap of the first and last
 * characters of the alphabet, "2Z" for "Z2"); grouped
 * by four behind the shop prefix for reading aloud:
 * `KSA-7HQ4-M2XP-9RTD-WC5K-Q`.
 */

/** 32 characters: digits 2–9 and A–Z without I and O. */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const VOUCHER_CODE_PREFIX = 'KSA';
/** Random characters per code: 16 × 5 bits = 80 bits (docs/architecture.md, "Secrets"). */
export const VOUCHER_CODE_RANDOM_LENGTH = 16;
/** Prefix, random part and check character, as compared (no dashes). */
export const ISSUED_CODE_LENGTH = VOUCHER_CODE_PREFIX.length + VOUCHER_CODE_RANDOM_LENGTH + 1;

const BASE = VOUCHER_CODE_ALPHABET.length;

function valueOf(char: string): number {
  return VOUCHER_CODE_ALPHABET.indexOf(char);
}

/** Multiplication in GF(32), the field of 32 elements (x^5 + x^2 + 1); its addition is XOR. */
function fieldTimes(left: number, right: number): number {
  let product = 0;
  let shifted = left;
  for (let rest = right; rest > 0; rest >>= 1) {
    if (rest & 1) product ^= shifted;
    shifted <<= 1;
    if (shifted & BASE) shifted ^= 0b100101;
  }
  return product;
}

/**
 * Damm's check over x ∘ y = 2·x + y in GF(32): a totally anti-symmetric
 * quasigroup, so one changed character or one swap of two different
 * neighbours always changes the result.
 */
function dammFold(chars: string): number {
  let interim = 0;
  for (const char of chars) interim = fieldTimes(2, interim) ^ valueOf(char);
  return interim;
}

/** The check character of a code's characters (prefix and random part, no dashes). */
export function checkCharacter(chars: string): string {
  // interim ∘ check = 2·interim + check = 0, and −x = x in GF(32).
  return VOUCHER_CODE_ALPHABET[fieldTimes(2, dammFold(chars))]!;
}

/** `KSA` + 16 characters + check, grouped by four with dashes. */
export function formatIssuedCode(normalised: string): string {
  const body = normalised.slice(VOUCHER_CODE_PREFIX.length);
  const groups = body.match(/.{1,4}/g) ?? [];
  return [VOUCHER_CODE_PREFIX, ...groups].join('-');
}

/**
 * A new issued code from `randomBytes` (the server's crypto.randomBytes):
 * one byte per character, its low 5 bits, so every character is uniform.
 */
export function newIssuedCode(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(VOUCHER_CODE_RANDOM_LENGTH);
  let random = '';
  for (let index = 0; index < VOUCHER_CODE_RANDOM_LENGTH; index += 1) {
    random += VOUCHER_CODE_ALPHABET[bytes[index]! & 31];
  }
  const chars = VOUCHER_CODE_PREFIX + random;
  return formatIssuedCode(chars + checkCharacter(chars));
}

/** A normalised code in the issued format (prefix and length); other codes (a shop's own) are not checked. */
export function isIssuedFormat(normalised: string): boolean {
  return normalised.length === ISSUED_CODE_LENGTH && normalised.startsWith(VOUCHER_CODE_PREFIX);
}

/**
 * False only for a code in the issued format whose check character does
 * not match (a typo): answered as unknown without looking it up.
 */
export function passesCheckCharacter(normalised: string): boolean {
  if (!isIssuedFormat(normalised)) return true;
  if ([...normalised].some((char) => valueOf(char) < 0)) return false;
  return dammFold(normalised) === 0;
}
