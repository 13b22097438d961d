/**
 * The customer form's fields (docs/storefront.md §3.14, §5.1): the
 * organisation's definitions sorted, built-in ones keyed like the order's
 * customer properties (first_name, …) and custom ones by field id — the same
 * keys the server validates with, so both sides agree on every rule.
 */
import type { Client } from '@kassa/domain/contract/client';
import type { FieldDefinition, FieldType } from '@kassa/domain/contract/organisation';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { Rebooking } from '@kassa/domain/contract/rebook';
import type { FieldRule, FieldValue } from '@kassa/domain/rules/fields';

export type BuiltInKey = 'first_name' | 'last_name' | 'email' | 'company' | 'vat_id' | 'address' | 'city';

/** Built-in field types and the customer property each fills. */
const BUILT_IN: Partial<Record<FieldType, BuiltInKey>> = {
  FIRST_NAME: 'first_name',
  LAST_NAME: 'last_name',
  EMAIL: 'email',
  COMPANY: 'company',
  VAT_ID: 'vat_id',
  ADDRESS: 'address',
  CITY: 'city',
};

/** Always asked, even when the shop defined no field for them (docs/storefront.md §3.14: built-in fields). */
const ALWAYS: { key: BuiltInKey; type: FieldType; required: boolean }[] = [
  { key: 'first_name', type: 'FIRST_NAME', required: true },
  { key: 'last_name', type: 'LAST_NAME', required: true },
  { key: 'email', type: 'EMAIL', required: true },
  { key: 'company', type: 'COMPANY', required: false },
  { key: 'vat_id', type: 'VAT_ID', required: false },
];

export interface FormField extends FieldRule {
  /** The shop's label; null for a built-in the shop did not define (translated by the form). */
  name: string | null;
  /** DROPDOWN choices with labels. */
  choices: { value: string; label: string }[];
  builtIn: boolean;
}

export type FormValues = Record<string, FieldValue>;

export type RebookingCustomer = Rebooking['customer'];

export interface CustomerFormState {
  values: FormValues;
  company: boolean;
}

/** The form's fields in the shop's sort order; built-ins the shop left out are added first. */
export function formFields(definitions: readonly FieldDefinition[]): FormField[] {
  const sorted = [...definitions].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const fields: FormField[] = sorted.map((definition) => {
    const builtInKey = definition.default ? BUILT_IN[definition.type] : undefined;
    const always = ALWAYS.find((field) => field.key === builtInKey);
    return {
      id: builtInKey ?? String(definition.id),
      type: definition.type,
      // Names and e-mail are always required, whatever the definition says (the server agrees).
      required: definition.required || (always?.required ?? false),
      options: definition.options.map((option) => option.value),
      products: definition.products,
      subscriptions: definition.subscriptions,
      vouchers: definition.vouchers,
      name: definition.name,
      choices: definition.options,
      builtIn: builtInKey !== undefined,
    };
  });
  const missing = ALWAYS.filter((always) => !fields.some((field) => field.id === always.key)).map(
    (always): FormField => ({
      id: always.key,
      type: always.type,
      required: always.required,
      name: null,
      choices: [],
      builtIn: true,
    }),
  );
  return [...missing, ...fields];
}

function text(value: FieldValue): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The order's customer and custom field values (docs/storefront.md §7.8, customer). */
export function customerFromValues(
  fields: readonly FormField[],
  state: CustomerFormState,
  token: string | null,
): OrderCustomer {
  const custom: Record<string, string | boolean | null> = {};
  for (const field of fields) {
    if (field.builtIn) continue;
    const value = state.values[field.id];
    if (value !== undefined && value !== '') custom[field.id] = value;
  }
  return {
    first_name: text(state.values.first_name),
    last_name: text(state.values.last_name),
    email: text(state.values.email),
    company: state.company ? text(state.values.company) || null : null,
    vat_id: state.company ? text(state.values.vat_id) || null : null,
    address: state.company ? text(state.values.address) || null : null,
    city: text(state.values.city) || null,
    token,
    fields: custom,
  };
}

/**
 * Known details as form values: each field the details fill is prefilled and
 * locked (docs/storefront.md §6.2), except that in rebooking the e-mail and its
 * confirmation stay editable.
 */
function prefillFrom(
  fields: readonly FormField[],
  known: FormValues,
  email: string,
  rebooking: boolean,
): { values: FormValues; locked: Set<string> } {
  const values: FormValues = {};
  const locked = new Set<string>();
  for (const field of fields) {
    const value = field.type === 'EMAIL_CONFIRM' ? email : known[field.id];
    if (value === null || value === undefined || value === '') continue;
    values[field.id] = value;
    const isEmail = field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM';
    if (!(rebooking && isEmail)) locked.add(field.id);
  }
  return { values, locked };
}

/**
 * A logged-in client's details: the values to prefill and the fields they
 * lock (docs/storefront.md §6.2). In rebooking the e-mail and its confirmation
 * stay editable.
 */
export function clientPrefill(
  fields: readonly FormField[],
  client: Client,
  rebooking: boolean,
): { state: CustomerFormState; locked: Set<string> } {
  const known: FormValues = {
    first_name: client.name.first,
    last_name: client.name.last,
    email: client.email,
    company: client.company,
    vat_id: client.vat_id,
    address: client.address,
    city: client.city,
  };
  for (const entry of client.fields) known[String(entry.id)] = entry.value;
  const { values, locked } = prefillFrom(fields, known, client.email, rebooking);
  return { state: { values, company: Boolean(client.company) }, locked };
}

/**
 * The customer of the order being rebooked (docs/storefront.md §3.17), the
 * same way: prefilled and locked, the e-mail and its confirmation editable.
 */
export function rebookingPrefill(
  fields: readonly FormField[],
  customer: RebookingCustomer,
): { state: CustomerFormState; locked: Set<string> } {
  const known: FormValues = {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    company: customer.company,
    vat_id: customer.vat_id,
    address: customer.address,
    city: customer.city,
    ...customer.fields,
  };
  const { values, locked } = prefillFrom(fields, known, customer.email, true);
  return { state: { values, company: Boolean(customer.company) }, locked };
}
