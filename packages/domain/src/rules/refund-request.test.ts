import { describe, expect, it } from 'vitest';
import { refundRequestProblemFields, validateRefundRequest } from './refund-request.ts';

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

  it('refuses a comment longer than 65535 characters', () => {
    expect(validateRefundRequest({ ...valid, comment: 'x'.repeat(65536) })).toEqual({ comment: 'INVALID' });
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
