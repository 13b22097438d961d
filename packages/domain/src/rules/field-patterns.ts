/**
 * Field patterns of docs/storefront.md §5.1, shared by the storefront's forms
 * and the server: both run the same checks, so a value the form accepts is
 * never refused by the server for a different reason.
 */
import { NUMBER_MAX_DIGITS, TEXT_MAX_LENGTH, TEXT_MIN_LENGTH } from './constants.ts';

/** RFC 5321 limit on a whole address (a longer one cannot be delivered). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A standard e-mail pattern: the WHATWG `<input type="email">` grammar, plus a
 * dot in the domain. Customers' addresses always have a top-level domain, and
 * `jan@gmail` is a far likelier typo than a real intranet address.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** 1 to 50 digits, optionally a comma or dot followed by 1 or 2 decimals. */
export const NUMBER_PATTERN = new RegExp(`^\\d{1,${NUMBER_MAX_DIGITS}}(?:[.,]\\d{1,2})?$`);

/**
 * True for a text of 1 to 65535 characters. Surrounding spaces do not count
 * towards the minimum: a name of only spaces is as empty as no name.
 */
export function isValidText(value: string): boolean {
  return value.trim().length >= TEXT_MIN_LENGTH && value.length <= TEXT_MAX_LENGTH;
}

/** True for an address matching the standard e-mail pattern (surrounding spaces ignored). */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** True for a NUMBER field value or an order number: `12`, `12.5`, `12,50` (surrounding spaces ignored). */
export function isValidNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}
