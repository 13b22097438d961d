import type { Client } from '@kassa/domain/contract/client';
import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import { describe, expect, it } from 'vitest';
import { clientPrefill, customerFromValues, formFields, rebookingPrefill } from './form-fields';

function definition(
  overrides: Partial<FieldDefinition> & Pick<FieldDefinition, 'id' | 'type'>,
): FieldDefinition {
  return {
    name: overrides.type,
    required: false,
    sort: overrides.id,
    options: [],
    default: false,
    products: [],
    subscriptions: [],
    vouchers: [],
    ...overrides,
  };
}

const definitions = [
  definition({ id: 9, type: 'PHONE', sort: 5 }),
  definition({ id: 1, type: 'FIRST_NAME', default: true, sort: 0 }),
  definition({ id: 2, type: 'LAST_NAME', default: true, sort: 1 }),
  definition({ id: 3, type: 'EMAIL', default: true, sort: 2 }),
  definition({ id: 4, type: 'EMAIL_CONFIRM', required: true, sort: 3 }),
  definition({ id: 5, type: 'COMPANY', default: true, sort: 4 }),
];

const client: Client = {
  id: 7,
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.org',
  company: null,
  address: null,
  city: 'London',
  vat_id: null,
  token: 'tok',
  fields: [{ id: 9, name: 'Phone', value: '+44 20 7946 0958', type: 'PHONE' }],
  subscriptions: [],
};

describe('formFields', () => {
  it('sorts the fields, keys built-ins like the customer and custom ones by id, and adds missing built-ins', () => {
    const fields = formFields(definitions);
    expect(fields.map((field) => field.id)).toEqual([
      'vat_id',
      'first_name',
      'last_name',
      'email',
      '4',
      'company',
      '9',
    ]);
    expect(fields.find((field) => field.id === 'first_name')?.required).toBe(true);
    expect(fields.find((field) => field.id === 'vat_id')?.name).toBeNull();
  });
});

describe('customerFromValues', () => {
  it('puts built-ins on the customer and the rest in fields, and drops company data when unticked', () => {
    const fields = formFields(definitions);
    const values = {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      '4': 'ada@example.org',
      company: 'Engines Ltd',
      '9': '',
    };
    expect(customerFromValues(fields, { values, company: false }, null)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      company: null,
      vat_id: null,
      address: null,
      city: null,
      token: null,
      fields: { '4': 'ada@example.org' },
    });
    expect(customerFromValues(fields, { values, company: true }, 'tok').company).toBe('Engines Ltd');
  });
});

describe('clientPrefill', () => {
  it('prefills and locks what the account knows, the confirmation e-mail included', () => {
    const { state, locked } = clientPrefill(formFields(definitions), client, false);
    expect(state.values).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      '4': 'ada@example.org',
      '9': '+44 20 7946 0958',
    });
    expect([...locked].sort()).toEqual(['4', '9', 'email', 'first_name', 'last_name']);
    expect(state.company).toBe(false);
  });

  it('keeps the e-mail fields editable when rebooking', () => {
    const { locked } = clientPrefill(formFields(definitions), client, true);
    expect(locked.has('email')).toBe(false);
    expect(locked.has('4')).toBe(false);
    expect(locked.has('first_name')).toBe(true);
  });
});

describe('rebookingPrefill', () => {
  it("prefills the booked order's customer, locking all but the e-mail fields", () => {
    const { state, locked } = rebookingPrefill(formFields(definitions), {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      company: 'Navy',
      vat_id: null,
      address: null,
      city: null,
      fields: { '9': '+1 202 555 0100' },
    });
    expect(state.values).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      '4': 'grace@example.org',
      company: 'Navy',
      '9': '+1 202 555 0100',
    });
    expect(state.company).toBe(true);
    expect([...locked].sort()).toEqual(['9', 'company', 'first_name', 'last_name']);
  });
});
