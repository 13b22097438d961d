import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { Reservation } from '@kassa/domain/contract/reservation';
import type { CustomerFormState } from '@/features/checkout/utils/form-fields';

/**
 * The reservation's customer as the order form's values (spec §4
 * Reservation edit: editing starts from what is stored, and cancel throws
 * the edits away): built-in fields by their key, custom ones by id, an
 * e-mail confirmation field filled with the e-mail.
 */
export function customerValues(
  customer: Reservation['customer'],
  definitions: readonly FieldDefinition[],
): CustomerFormState {
  const values: CustomerFormState['values'] = {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    company: customer.company,
    vat_id: customer.vat_id,
    address: customer.address,
    city: customer.city,
    ...customer.fields,
  };
  for (const definition of definitions) {
    if (definition.type === 'EMAIL_CONFIRM') values[String(definition.id)] = customer.email;
  }
  return { values, company: Boolean(customer.company) };
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
