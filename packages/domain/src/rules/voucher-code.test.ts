import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWellFormedVoucherCode, normaliseVoucherCode } from './voucher-code.ts';

describe('normaliseVoucherCode', () => {
  it('drops spaces and dashes and upper-cases', () => {
    expect(normaliseVoucherCode(' abcd-efgh 23\t45--x ')).toBe('ABCDEFGH2345X');
  });

  it('gives the same code however it was typed', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{4,20}$/),
        fc.array(fc.constantFrom(' ', '-', '\t')),
        (code, noise) => {
          const typed = code
            .toLowerCase()
            .split('')
            .map((char, index) => char + (noise[index] ?? ''))
            .join('');
          return normaliseVoucherCode(typed) === code;
        },
      ),
    );
  });
});

describe('isWellFormedVoucherCode', () => {
  it('accepts 4 to 64 letters and digits', () => {
    expect(isWellFormedVoucherCode('AB12')).toBe(true);
    expect(isWellFormedVoucherCode('A'.repeat(64))).toBe(true);
  });

  it('refuses short, long and non-alphanumeric codes', () => {
    expect(isWellFormedVoucherCode('AB1')).toBe(false);
    expect(isWellFormedVoucherCode('A'.repeat(65))).toBe(false);
    expect(isWellFormedVoucherCode('ABCD%27')).toBe(false);
    expect(isWellFormedVoucherCode('ABCDÉ')).toBe(false);
    expect(isWellFormedVoucherCode('abcd')).toBe(false);
  });
});
