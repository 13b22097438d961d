/**
 * The codes Kassa issues for sold vouchers (issue #11): 16 characters from
 * a CSPRNG in an alphabet without look-alikes (no 0/O, 1/I), 80 bits, then
 * one check character (Luhn mod 32) that catches any single mistyped
 * character and any swap of two neighbours before a lookup is made; grouped
 * by four behind the shop prefix for reading aloud:
 * `KSA-7HQ4-M2XP-9RTD-WC5K-Q`.
 */

/** 32 characters: digits 2–9 and A–Z without I and O. */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const VOUCHER_CODE_PREFIX = 'KSA';
/** Random characters per code: 16 × 5 bits = 80 bits (ARCHITECTURE §2). */
export const VOUCHER_CODE_RANDOM_LENGTH = 16;
/** Prefix, random part and check character, as compared (no dashes). */
export const ISSUED_CODE_LENGTH = VOUCHER_CODE_PREFIX.length + VOUCHER_CODE_RANDOM_LENGTH + 1;

const BASE = VOUCHER_CODE_ALPHABET.length;

function valueOf(char: string): number {
  return VOUCHER_CODE_ALPHABET.indexOf(char);
}

/** Luhn mod N sum of the characters, the rightmost doubled first when `doubleFirst`. */
function luhnSum(chars: string, doubleFirst: boolean): number {
  let factor = doubleFirst ? 2 : 1;
  let sum = 0;
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    const product = factor * valueOf(chars[index]!);
    sum += Math.floor(product / BASE) + (product % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return sum;
}

/** The check character of a code's characters (prefix and random part, no dashes). */
export function checkCharacter(chars: string): string {
  return VOUCHER_CODE_ALPHABET[(BASE - (luhnSum(chars, true) % BASE)) % BASE]!;
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
  return luhnSum(normalised, false) % BASE === 0;
}
