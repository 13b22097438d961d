/**
 * Customer and custom-field validation of docs/storefront.md §5.1, shared by
 * the storefront (danger borders, form readiness) and the server (400
 * VALIDATION_ERROR). Pure: values in, one result per field out.
 */
import type { FieldType } from '../contract/organisation.ts';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, TEXT_MAX_LENGTH } from './constants.ts';
import { isValidEmail, isValidNumber } from './field-patterns.ts';

export type FieldValue = string | boolean | null | undefined;

export type FieldErrorCode =
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'INVALID_EMAIL'
  | 'EMAIL_MISMATCH'
  | 'INVALID_NUMBER'
  | 'INVALID_PHONE'
  | 'INVALID_DATE'
  | 'INVALID_CHECKBOX'
  | 'INVALID_OPTION';

/** What validation needs of a field definition (docs/storefront.md §3.14). */
export interface FieldRule {
  id: string;
  type: FieldType;
  required: boolean;
  /** Allowed values of a DROPDOWN. */
  options?: readonly string[];
  /** Restriction lists; empty means the field applies to all. */
  products?: readonly number[];
  subscriptions?: readonly number[];
  vouchers?: readonly number[];
}

/** What the visitor is ordering, and whether the company box is ticked. */
export interface FieldContext {
  /** The current product and every product in the cart. */
  products?: readonly number[];
  subscription?: number | null;
  voucher?: number | null;
  company: boolean;
}

export interface FieldResult {
  id: string;
  valid: boolean;
  error: FieldErrorCode | null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** One optional leading +, then digits and the usual separators: spaces, dots, dashes, brackets. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_EXTENSION = /\s*(?:ext\.?|x|#)\s*\d{1,6}$/i;

const COMPANY_TYPES: ReadonlySet<FieldType> = new Set(['COMPANY', 'ADDRESS', 'VAT_ID']);
const TEXT_TYPES: ReadonlySet<FieldType> = new Set([
  'TEXT',
  'FIRST_NAME',
  'LAST_NAME',
  'COMPANY',
  'ADDRESS',
  'VAT_ID',
  'ZIPCODE',
  'CITY',
]);

/** COMPANY, ADDRESS and VAT_ID belong to the company box: validated only when it is ticked. */
export function isCompanyField(type: FieldType): boolean {
  return COMPANY_TYPES.has(type);
}

/**
 * Whether a field applies to what is being ordered: an empty restriction list
 * means all items; otherwise the product (or any product in the cart), the
 * subscription or the voucher must be listed.
 */
export function fieldApplies(field: FieldRule, context: FieldContext): boolean {
  const products = field.products ?? [];
  const subscriptions = field.subscriptions ?? [];
  const vouchers = field.vouchers ?? [];
  if (products.length === 0 && subscriptions.length === 0 && vouchers.length === 0) return true;
  if ((context.products ?? []).some((id) => products.includes(id))) return true;
  if (context.subscription != null && subscriptions.includes(context.subscription)) return true;
  return context.voucher != null && vouchers.includes(context.voucher);
}

/** Digits in a phone number without its extension. */
function phoneDigits(value: string): string {
  return value.replace(PHONE_EXTENSION, '').replace(/\D/g, '');
}

/**
 * Whether a value counts as not filled in. A non-required phone with 4 or
 * fewer digits is empty (a bare country prefix left in the input).
 */
export function isEmptyValue(type: FieldType, value: FieldValue, required: boolean): boolean {
  if (value === null || value === undefined) return true;
  if (type === 'CHECKBOX') return value === false;
  if (typeof value !== 'string') return false;
  if (value.trim() === '') return true;
  return type === 'PHONE' && !required && phoneDigits(value).length <= 4;
}

/** A real calendar date in YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 10 to 15 digits in an international pattern, with an optional extension.
 * Nothing else: not whether the number exists in the page language's country
 * (a visitor from abroad writes their own number their own way, with or
 * without its country code), see decision 0190.
 */
export function isValidPhone(value: string): boolean {
  const withoutExtension = value.trim().replace(PHONE_EXTENSION, '');
  if (!PHONE_PATTERN.test(withoutExtension)) return false;
  const digits = phoneDigits(value);
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
}

/** Validates one non-empty value against its type; null when valid. */
function checkFilledValue(field: FieldRule, value: string | boolean): FieldErrorCode | null {
  if (field.type === 'CHECKBOX') return typeof value === 'boolean' ? null : 'INVALID_CHECKBOX';
  if (typeof value !== 'string') return field.type === 'DROPDOWN' ? 'INVALID_OPTION' : 'REQUIRED';
  if (TEXT_TYPES.has(field.type)) return value.length > TEXT_MAX_LENGTH ? 'TOO_LONG' : null;
  switch (field.type) {
    case 'EMAIL':
    case 'EMAIL_CONFIRM':
      return isValidEmail(value) ? null : 'INVALID_EMAIL';
    case 'NUMBER':
      return isValidNumber(value) ? null : 'INVALID_NUMBER';
    case 'PHONE':
      return isValidPhone(value) ? null : 'INVALID_PHONE';
    case 'DATE':
      return isIsoDate(value) ? null : 'INVALID_DATE';
    case 'DROPDOWN':
      return (field.options ?? []).includes(value) ? null : 'INVALID_OPTION';
    default:
      return null;
  }
}

/**
 * Validates one field: required-and-empty fails only when the field applies;
 * a filled value must match its type; company fields are skipped unless the
 * company box is ticked. E-mail agreement is checked by validateFields.
 */
export function validateField(field: FieldRule, value: FieldValue, context: FieldContext): FieldResult {
  const result = (error: FieldErrorCode | null): FieldResult => ({
    id: field.id,
    valid: error === null,
    error,
  });
  if (isCompanyField(field.type) && !context.company) return result(null);
  // A checkbox must be a boolean even when unticked; a string "false" is not one.
  if (field.type === 'CHECKBOX' && value !== null && value !== undefined && typeof value !== 'boolean') {
    return result('INVALID_CHECKBOX');
  }
  if (isEmptyValue(field.type, value, field.required)) {
    return result(field.required && fieldApplies(field, context) ? 'REQUIRED' : null);
  }
  return result(checkFilledValue(field, value as string | boolean));
}

/**
 * Validates a whole form: one result per field, in the order given. Every
 * e-mail and confirm value must match the first e-mail case-insensitively.
 */
export function validateFields(
  fields: readonly FieldRule[],
  values: Readonly<Record<string, FieldValue>>,
  context: FieldContext,
): FieldResult[] {
  const results = fields.map((field) => validateField(field, values[field.id], context));
  const emails = fields
    .map((field, index) => ({ field, index, value: values[field.id] }))
    .filter(
      ({ field, value }) =>
        (field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM') &&
        typeof value === 'string' &&
        value.trim() !== '',
    );
  const first = emails[0];
  if (!first) return results;
  const reference = String(first.value).trim().toLowerCase();
  for (const { index, value } of emails) {
    if (results[index]?.valid && String(value).trim().toLowerCase() !== reference) {
      results[index] = { id: fields[index]!.id, valid: false, error: 'EMAIL_MISMATCH' };
    }
  }
  return results;
}

/** The failing results only; an empty list means the form is ready. */
export function fieldErrors(results: readonly FieldResult[]): FieldResult[] {
  return results.filter((result) => !result.valid);
}
