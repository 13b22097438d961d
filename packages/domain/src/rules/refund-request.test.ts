import { describe, expect, it } from 'vitest';
import { refundOrderNumber, refundRequestProblemFields, validateRefundRequest } from './refund-request.ts';

const valid = {
  first_name: 'Jan',
  last_name: 'de Vries',
  adress: 'jan@example.com',
  order_number: '10234',
  comment: 'Please cancel my tickets.',
};

describe('validateRefundRequest', () => {
  it('finds nothing wrong with a complete request', () => {
    expect(validateRefundRequest(valid)).toEqual({});
  });

  it('accepts a request without a comment', () => {
    expect(validateRefundRequest({ ...valid, comment: undefined })).toEqual({});
    expect(validateRefundRequest({ ...valid, comment: '' })).toEqual({});
  });

  it('marks missing and blank required fields as REQUIRED', () => {
    expect(validateRefundRequest({ comment: 'x' })).toEqual({
      first_name: 'REQUIRED',
      last_name: 'REQUIRED',
      adress: 'REQUIRED',
      order_number: 'REQUIRED',
    });
    expect(validateRefundRequest({ ...valid, first_name: '  ', order_number: null })).toEqual({
      first_name: 'REQUIRED',
      order_number: 'REQUIRED',
    });
  });

  it('marks a filled-in field that breaks its rule as INVALID', () => {
    expect(
      validateRefundRequest({
        ...valid,
        adress: 'jan@example',
        order_number: '12.345',
        last_name: 'x'.repeat(65536),
      }),
    ).toEqual({ adress: 'INVALID', order_number: 'INVALID', last_name: 'INVALID' });
  });

  it('accepts the order number as the shop prints it: grouped by spaces or dashes, with a leading #', () => {
    for (const printed of ['6857 4218 402', '6857-4218-402', ' #6857 4218 402 ', '6857\u00a04218\u00a0402']) {
      expect(validateRefundRequest({ ...valid, order_number: printed }), printed).toEqual({});
    }
    // Grouping is not a licence for anything else: letters and lone separators stay invalid.
    for (const typed of ['6857 4218 40x', '- -', '#', '12 34.567']) {
      expect(validateRefundRequest({ ...valid, order_number: typed }), typed).toEqual({
        order_number: typed === '- -' || typed === '#' ? 'REQUIRED' : 'INVALID',
      });
    }
  });

  it('refuses a comment longer than 65535 characters', () => {
    expect(validateRefundRequest({ ...valid, comment: 'x'.repeat(65536) })).toEqual({ comment: 'INVALID' });
  });
});

describe('refundOrderNumber', () => {
  it('answers the digits of an order number as printed, and undefined for one that is not', () => {
    expect(refundOrderNumber('6857 4218 402')).toBe('68574218402');
    expect(refundOrderNumber('#10234,5')).toBe('10234,5');
    expect(refundOrderNumber('6857 4218 40x')).toBeUndefined();
  });
});

describe('refundRequestProblemFields', () => {
  it('lists the fields with a problem in form order', () => {
    expect(refundRequestProblemFields({ order_number: 'INVALID', first_name: 'REQUIRED' })).toEqual([
      'first_name',
      'order_number',
    ]);
  });
});
