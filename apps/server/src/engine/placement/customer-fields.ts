import type { CreateOrderRequest } from '@kassa/domain/contract/orders';
import {
  fieldErrors,
  isCompanyField,
  validateFields,
  type FieldContext,
  type FieldRule,
  type FieldValue,
} from '@kassa/domain/rules/fields';
import type { fields, FieldType, OrderCustomer } from '../../db/schema.ts';
import { orderErrors } from './order-errors.ts';

type FieldRow = typeof fields.$inferSelect;

/** Built-in customer fields and the customer property each one reads. */
const BUILT_IN: { key: keyof OrderCustomer; type: FieldType; required: boolean }[] = [
  { key: 'first_name', type: 'FIRST_NAME', required: true },
  { key: 'last_name', type: 'LAST_NAME', required: true },
  { key: 'email', type: 'EMAIL', required: true },
  { key: 'company', type: 'COMPANY', required: false },
  { key: 'vat_id', type: 'VAT_ID', required: false },
  { key: 'address', type: 'ADDRESS', required: false },
  { key: 'city', type: 'CITY', required: false },
];

/**
 * The rules to validate: built-in fields (a default field row of the same type
 * may make an optional one required; names and e-mail always are), then the
 * organisation's custom fields keyed by id.
 */
export function fieldRules(rows: readonly FieldRow[]): FieldRule[] {
  const defaults = rows.filter((row) => row.isDefault);
  const builtIn = BUILT_IN.map(({ key, type, required }) => ({
    id: key,
    type,
    required: required || defaults.some((row) => row.type === type && row.required),
  }));
  // A default row of a built-in type describes that built-in field; any other row is a custom field.
  const custom = rows
    .filter((row) => !(row.isDefault && BUILT_IN.some((builtIn) => builtIn.type === row.type)))
    .map((row) => ({
      id: String(row.id),
      type: row.type,
      required: row.required,
      options: row.options.map((option) => option.value),
      products: row.restrictProducts,
      subscriptions: row.restrictSubscriptions,
      vouchers: row.restrictVouchers,
    }));
  return [...builtIn, ...custom];
}

/** The company box is ticked when a company name is given (unticking clears it, docs/storefront.md §4.9). */
export function companyTicked(customer: Pick<CreateOrderRequest['customer'], 'company'>): boolean {
  return typeof customer.company === 'string' && customer.company.trim() !== '';
}

/**
 * Validates the customer and custom fields of an order with the domain rules
 * (400 VALIDATION_ERROR naming each failing field) and returns the customer
 * to store: company fields cleared when the box is unticked, unknown field
 * ids dropped.
 */
export function validateCustomer(
  request: Pick<CreateOrderRequest, 'customer' | 'fields'>,
  rows: readonly FieldRow[],
  /** What is ordered, for fields restricted to products, a subscription or a voucher (docs/storefront.md §3.14). */
  target: Pick<FieldContext, 'products' | 'subscription' | 'voucher'>,
): OrderCustomer {
  const { customer } = request;
  const company = companyTicked(customer);
  const rules = fieldRules(rows);
  const values: Record<string, FieldValue> = { ...request.fields, ...customer.fields };
  for (const { key } of BUILT_IN) values[key] = customer[key] as FieldValue;
  const errors = fieldErrors(validateFields(rules, values, { ...target, company }));
  if (errors.length > 0)
    throw orderErrors.invalidFields(errors.map((error) => `${error.id}: ${error.error}`).join(', '));
  const stored: Record<string, string | boolean> = {};
  for (const rule of rules.slice(BUILT_IN.length)) {
    const value = values[rule.id];
    if (value === null || value === undefined || (isCompanyField(rule.type) && !company)) continue;
    stored[rule.id] = value;
  }
  return {
    first_name: customer.first_name.trim(),
    last_name: customer.last_name.trim(),
    email: customer.email.trim(),
    company: company ? customer.company!.trim() : null,
    vat_id: company ? (customer.vat_id ?? null) : null,
    address: company ? (customer.address ?? null) : null,
    city: customer.city ?? null,
    fields: stored,
  };
}
