import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { Reservation } from '@kassa/domain/contract/reservation';
import { formFields, rebookingPrefill, type CustomerFormState } from '@/features/checkout/utils/form-fields';

/**
 * The reservation's customer as the order form's values (docs/storefront.md
 * §4.15: editing starts from what is stored, and cancel throws
 * the edits away): the same mapping as a rebooking's stored customer
 * (built-in fields by key, custom ones by id, the e-mail confirmation
 * filled in); nothing is locked, the form is given only the values.
 */
export function customerValues(
  customer: Reservation['customer'],
  definitions: readonly FieldDefinition[],
): CustomerFormState {
  return rebookingPrefill(formFields(definitions), customer).state;
}

/**
 * Spec §5 Reservation edit: first name, last name and e-mail must not be
 * empty after trimming (the form's own rules check the rest).
 */
export function namesAndEmailGiven(customer: {
  first_name: string;
  last_name: string;
  email: string;
}): boolean {
  return [customer.first_name, customer.last_name, customer.email].every((value) => value.trim() !== '');
}
