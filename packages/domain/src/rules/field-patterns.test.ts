import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidNumber, isValidText } from './field-patterns.ts';

describe('isValidText', () => {
  it('accepts 1 to 65535 characters', () => {
    expect(isValidText('a')).toBe(true);
    expect(isValidText('x'.repeat(65535))).toBe(true);
  });

  it('refuses an empty text, spaces only, and more than 65535 characters', () => {
    expect(isValidText('')).toBe(false);
    expect(isValidText('   ')).toBe(false);
    expect(isValidText('x'.repeat(65536))).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each(['jan@example.com', 'j.de.vries+shop@mail.example.nl', "o'brien@example.ie", ' jan@example.com '])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    '',
    'jan',
    'jan@',
    '@example.com',
    'jan@example',
    'jan@@example.com',
    'jan example@example.com',
    'jan@-example.com',
    'jan@example..com',
    'jan@example.com\r\nBcc: victim@example.com',
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('refuses addresses longer than 254 characters', () => {
    const local = 'a'.repeat(70); // 70 + 1 + 186 = 257 characters
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.nl`;
    expect(isValidEmail(`${local}@${domain}`)).toBe(false);
    expect(isValidEmail(`${local.slice(0, 10)}@${domain}`)).toBe(true);
  });
});

describe('isValidNumber', () => {
  it.each(['1', '12345', '12.5', '12,50', '0,1', '9'.repeat(50), '9'.repeat(50) + '.99'])(
    'accepts %s',
    (value) => expect(isValidNumber(value)).toBe(true),
  );

  it.each(['', '.5', '12.', '12.345', '12,5,0', '1e5', '-3', '12 34', 'abc', '9'.repeat(51)])(
    'refuses %j',
    (value) => expect(isValidNumber(value)).toBe(false),
  );

  it('accepts every 1–50 digit number with up to 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,50}$/),
        fc.constantFrom('', '.', ','),
        fc.stringMatching(/^\d{1,2}$/),
        (digits, separator, decimals) =>
          isValidNumber(separator ? `${digits}${separator}${decimals}` : digits),
      ),
    );
  });
});
