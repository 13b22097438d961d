import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldApplies,
  isIsoDate,
  isValidPhone,
  validateField,
  validateFields,
  type FieldRule,
} from './fields.ts';

const context = { company: false, products: [1] };
const field = (type: FieldRule['type'], extra: Partial<FieldRule> = {}): FieldRule => ({
  id: type.toLowerCase(),
  type,
  required: true,
  ...extra,
});

describe('validateField', () => {
  it.each(['TEXT', 'FIRST_NAME', 'LAST_NAME', 'ZIPCODE', 'CITY'] as const)(
    'accepts 1 to 65535 characters for %s',
    (type) => {
      expect(validateField(field(type), 'a', context).valid).toBe(true);
      expect(validateField(field(type), 'a'.repeat(65535), context).valid).toBe(true);
      expect(validateField(field(type), 'a'.repeat(65536), context).error).toBe('TOO_LONG');
      expect(validateField(field(type), '  ', context).error).toBe('REQUIRED');
    },
  );

  it('checks e-mail addresses against the standard pattern', () => {
    expect(validateField(field('EMAIL'), 'jan@example.nl', context).valid).toBe(true);
    expect(validateField(field('EMAIL'), 'jan@example', context).error).toBe('INVALID_EMAIL');
    expect(validateField(field('EMAIL_CONFIRM'), 'not an address', context).error).toBe('INVALID_EMAIL');
  });

  it('accepts numbers of up to 50 digits with 1 or 2 decimals after a comma or dot', () => {
    for (const ok of ['1', '12.5', '12,50', '9'.repeat(50)])
      expect(validateField(field('NUMBER'), ok, context).valid).toBe(true);
    for (const bad of ['12.505', '1e3', '-1', '9'.repeat(51), '12.']) {
      expect(validateField(field('NUMBER'), bad, context).error).toBe('INVALID_NUMBER');
    }
  });

  it('accepts international phone numbers of 10 to 15 digits with an optional extension', () => {
    expect(isValidPhone('+31 20 123 4567')).toBe(true);
    expect(isValidPhone('+31 20 123 4567 ext. 12')).toBe(true);
    expect(isValidPhone('020 123 4567')).toBe(true);
    expect(isValidPhone('+31 20 12')).toBe(false);
    expect(isValidPhone('+31 20 123 4567 8901 234')).toBe(false);
    expect(isValidPhone('phone me')).toBe(false);
  });

  it.each([
    ['+123456789012345', 'fifteen digits after a plus'],
    ['1234567890', 'ten digits without a country code'],
    ['+31 6 1234 5678', 'a Dutch mobile number with its country code'],
    ['0031 20 123 4567', 'a Dutch number with the 00 international prefix'],
    ['06 12345678', 'a Dutch mobile number written the Dutch way'],
    ['(020) 123-4567', 'brackets and a dash'],
    ['+44 20 7946 0958 x123', 'a British number with an extension'],
  ])('accepts %s (%s): no country of the page language is assumed', (number) => {
    expect(validateField(field('PHONE'), number, context).error).toBeNull();
  });

  it.each([
    ['123456789', 'nine digits'],
    ['+1234567890123456', 'sixteen digits'],
    ['+31 20 123 4567 call me', 'words after the number'],
    ['++31 20 123 4567', 'two plus signs'],
    ['31+20 123 4567', 'a plus inside the number'],
  ])('refuses %s (%s)', (number) => {
    expect(validateField(field('PHONE'), number, context).error).toBe('INVALID_PHONE');
  });

  it('accepts every 10 to 15 digit number in an international pattern, and no other count (property)', () => {
    const separator = fc.constantFrom('', ' ', '-', '.');
    const extension = fc.option(
      fc.tuple(fc.constantFrom(' ext. ', ' x', '#', ' ext '), fc.integer({ min: 1, max: 999_999 })),
    );
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(fc.stringMatching(/^\d{1,4}$/), separator), { minLength: 1, maxLength: 8 }),
        extension,
        (plus, groups, ext) => {
          const number = groups
            .map(([digits, sep]) => digits + sep)
            .join('')
            .replace(/[ .-]+$/, '');
          const value = `${plus ? '+' : ''}${number}${ext ? `${ext[0]}${ext[1]}` : ''}`;
          const digits = number.replace(/\D/g, '').length;
          const valid = digits >= 10 && digits <= 15;
          expect(validateField(field('PHONE'), value, context).valid).toBe(valid);
        },
      ),
    );
  });

  it('treats a non-required phone with 4 or fewer digits as empty', () => {
    expect(validateField(field('PHONE', { required: false }), '+31 ', context).valid).toBe(true);
    expect(validateField(field('PHONE', { required: false }), '+3120', context).valid).toBe(true);
    expect(validateField(field('PHONE', { required: false }), '+31205', context).error).toBe('INVALID_PHONE');
    expect(validateField(field('PHONE'), '+31', context).error).toBe('INVALID_PHONE');
  });

  it('accepts only real dates in YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(validateField(field('DATE'), '01-02-2024', context).error).toBe('INVALID_DATE');
  });

  it('requires a boolean checkbox, ticked when required', () => {
    expect(validateField(field('CHECKBOX'), true, context).valid).toBe(true);
    expect(validateField(field('CHECKBOX'), false, context).error).toBe('REQUIRED');
    expect(validateField(field('CHECKBOX', { required: false }), false, context).valid).toBe(true);
    expect(validateField(field('CHECKBOX', { required: false }), 'true', context).error).toBe(
      'INVALID_CHECKBOX',
    );
  });

  it('accepts only listed dropdown options and requires a choice when required', () => {
    const dropdown = field('DROPDOWN', { options: ['a', 'b'] });
    expect(validateField(dropdown, 'a', context).valid).toBe(true);
    expect(validateField(dropdown, 'c', context).error).toBe('INVALID_OPTION');
    expect(validateField(dropdown, '', context).error).toBe('REQUIRED');
    expect(validateField({ ...dropdown, required: false }, '', context).valid).toBe(true);
  });

  it('lets a required field stay empty when it does not apply to the ordered items', () => {
    const restricted = field('TEXT', { products: [7] });
    expect(validateField(restricted, '', { company: false, products: [1] }).valid).toBe(true);
    expect(validateField(restricted, '', { company: false, products: [1, 7] }).error).toBe('REQUIRED');
    expect(validateField(field('TEXT', { vouchers: [3] }), '', { company: false, voucher: 3 }).error).toBe(
      'REQUIRED',
    );
    expect(fieldApplies(field('TEXT', { subscriptions: [4] }), { company: false, subscription: 4 })).toBe(
      true,
    );
  });

  it('validates company fields only when the company box is ticked', () => {
    for (const type of ['COMPANY', 'ADDRESS', 'VAT_ID'] as const) {
      expect(validateField(field(type), '', { company: false }).valid).toBe(true);
      expect(validateField(field(type), '', { company: true }).error).toBe('REQUIRED');
    }
  });
});

describe('validateFields', () => {
  const form = [
    field('EMAIL', { id: 'email' }),
    field('EMAIL_CONFIRM', { id: 'confirm' }),
    field('TEXT', { id: 'note', required: false }),
  ];

  it('matches every e-mail and confirm value case-insensitively', () => {
    const same = validateFields(form, { email: 'Jan@Example.nl', confirm: 'jan@example.NL' }, context);
    expect(same.every((result) => result.valid)).toBe(true);
    const different = validateFields(form, { email: 'jan@example.nl', confirm: 'piet@example.nl' }, context);
    expect(different.find((result) => result.id === 'confirm')?.error).toBe('EMAIL_MISMATCH');
  });

  it('returns one result per field, in order', () => {
    const results = validateFields(form, { email: '', confirm: 'x', note: 'hi' }, context);
    expect(results.map((result) => [result.id, result.error])).toEqual([
      ['email', 'REQUIRED'],
      ['confirm', 'INVALID_EMAIL'],
      ['note', null],
    ]);
  });

  it('never accepts text longer than 65535 characters or an empty required text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const result = validateField(field('TEXT'), value, context);
        expect(result.valid).toBe(value.trim().length > 0);
      }),
    );
  });
});
