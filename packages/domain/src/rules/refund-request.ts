/**
 * The refund request form of docs/storefront.md §5.3 (FAQ page). The storefront
 * runs this to mark fields; the server runs it again before sending the mail.
 */
import { TEXT_MAX_LENGTH } from './constants.ts';
import { isValidEmail, isValidNumber, isValidText } from './field-patterns.ts';

/** The form's fields, named as on the wire (`adress` is the e-mail, spelled so in docs/storefront.md §3.21). */
export interface RefundRequestInput {
  first_name?: string | null;
  last_name?: string | null;
  adress?: string | null;
  order_number?: string | null;
  comment?: string | null;
}

export type RefundRequestField = keyof RefundRequestInput;

/** REQUIRED: left empty; INVALID: filled in but not matching the field's rule. */
export type FieldProblem = 'REQUIRED' | 'INVALID';

export type RefundRequestProblems = Partial<Record<RefundRequestField, FieldProblem>>;

/** Fields in form order, so problems are listed the way a visitor reads them. */
export const REFUND_REQUEST_FIELDS: readonly RefundRequestField[] = [
  'first_name',
  'last_name',
  'adress',
  'order_number',
  'comment',
];

/**
 * The order number as the rule checks it: what a visitor copied from the
 * confirmation mail, where the shop prints it grouped (`6857 4218 402`,
 * decision 0104), read without the grouping — spaces, dashes and a leading
 * `#` dropped. The digit rule itself is unchanged.
 */
function orderNumberDigits(value: string): string {
  return value.trim().replace(/^#/, '').replace(/[\s-]/g, '');
}

/** The order number's digits (and decimals) as typed or printed; undefined when it breaks the rule. */
export function refundOrderNumber(value: string): string | undefined {
  const digits = orderNumberDigits(value);
  return isValidNumber(digits) ? digits : undefined;
}

/**
 * Checks every field of a refund request and returns the problems by field;
 * an empty object means the request may be sent. First and last name: 1 to
 * 65535 characters; adress: the e-mail pattern; order number: 1–50 digits with
 * an optional , or . and 1–2 decimals, grouped as printed or not; comment:
 * optional, at most 65535.
 */
export function validateRefundRequest(input: RefundRequestInput): RefundRequestProblems {
  const problems: RefundRequestProblems = {};
  const check = (field: RefundRequestField, isValid: (value: string) => boolean) => {
    const value = input[field] ?? '';
    if (value.trim() === '') problems[field] = 'REQUIRED';
    else if (!isValid(value)) problems[field] = 'INVALID';
  };
  check('first_name', isValidText);
  check('last_name', isValidText);
  check('adress', isValidEmail);
  const orderNumber = orderNumberDigits(input.order_number ?? '');
  if (orderNumber === '') problems.order_number = 'REQUIRED';
  else if (refundOrderNumber(orderNumber) === undefined) problems.order_number = 'INVALID';
  if ((input.comment ?? '').length > TEXT_MAX_LENGTH) problems.comment = 'INVALID';
  return problems;
}

/** The fields with a problem, in form order. */
export function refundRequestProblemFields(problems: RefundRequestProblems): RefundRequestField[] {
  return REFUND_REQUEST_FIELDS.filter((field) => problems[field] !== undefined);
}
