import { describe, expect, it } from 'vitest';
import {
  ISSUED_CODE_LENGTH,
  newIssuedCode,
  passesCheckCharacter,
  VOUCHER_CODE_ALPHABET,
} from './issued-voucher-code.ts';
import { normaliseVoucherCode } from './voucher-code.ts';

/** Web Crypto, as Node and browsers both have it (the domain package types no platform). */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues<T extends Uint8Array>(array: T): T } })
  .crypto;
const randomBytes = (size: number) => webCrypto.getRandomValues(new Uint8Array(size));

describe('issued voucher codes', () => {
  it('reads aloud in groups behind the prefix and passes its own check', () => {
    const code = newIssuedCode(randomBytes);
    expect(code).toMatch(/^KSA-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]$/);
    expect(normaliseVoucherCode(code)).toHaveLength(ISSUED_CODE_LENGTH);
    expect(passesCheckCharacter(normaliseVoucherCode(code))).toBe(true);
  });

  it('rejects every one-character typo and every swap of two neighbours', () => {
    for (let round = 0; round < 20; round += 1) {
      const code = normaliseVoucherCode(newIssuedCode(randomBytes));
      for (let index = 3; index < code.length; index += 1) {
        for (const char of VOUCHER_CODE_ALPHABET) {
          if (char === code[index]) continue;
          const typo = code.slice(0, index) + char + code.slice(index + 1);
          expect(passesCheckCharacter(typo), typo).toBe(false);
        }
        const next = code[index + 1];
        if (next !== undefined && next !== code[index]) {
          const swapped = code.slice(0, index) + next + code[index] + code.slice(index + 2);
          expect(passesCheckCharacter(swapped), swapped).toBe(false);
        }
      }
    }
  });

  it('uses every character of the alphabet evenly (the low 5 bits of each random byte)', () => {
    const counts = new Map<string, number>();
    for (let round = 0; round < 2000; round += 1) {
      for (const char of normaliseVoucherCode(newIssuedCode(randomBytes)).slice(3, 19))
        counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(count).toBeGreaterThan(700);
  });

  it('leaves codes in other formats (a shop’s own) to the lookup', () => {
    expect(passesCheckCharacter('WELCOME2024')).toBe(true);
  });
});
