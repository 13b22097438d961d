import type { Client } from '@kassa/domain/contract/client';
import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { CustomerForm, type CustomerFormState } from './customer-form';

beforeAll(async () => {
  await initI18n('en');
});

function field(
  overrides: Partial<FieldDefinition> & Pick<FieldDefinition, 'id' | 'type' | 'name'>,
): FieldDefinition {
  return {
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

const definitions: FieldDefinition[] = [
  field({ id: 1, type: 'FIRST_NAME', name: 'First name', default: true, required: true }),
  field({ id: 2, type: 'LAST_NAME', name: 'Last name', default: true, required: true }),
  field({ id: 3, type: 'EMAIL', name: 'E-mail', default: true, required: true }),
  field({ id: 4, type: 'EMAIL_CONFIRM', name: 'Repeat e-mail', required: true }),
  field({ id: 5, type: 'COMPANY', name: 'Company name', default: true }),
  field({ id: 6, type: 'VAT_ID', name: 'VAT number', default: true }),
  field({ id: 7, type: 'PHONE', name: 'Phone' }),
  field({ id: 8, type: 'TEXT', name: 'Team name', required: true, products: [42] }),
  field({ id: 9, type: 'CHECKBOX', name: 'I accept the rules', required: true, products: [7] }),
];

function renderForm(overrides: { client?: Client | null; productIds?: number[] } = {}) {
  const onResult = vi.fn<(customer: OrderCustomer | null) => void>();
  const onChange = vi.fn<(state: CustomerFormState) => void>();
  render(
    <CustomerForm
      definitions={definitions}
      productIds={overrides.productIds ?? [7]}
      allowBusiness
      client={overrides.client ?? null}
      rebooking={false}
      initial={null}
      onChange={onChange}
      onResult={onResult}
    />,
  );
  return { onResult, onChange };
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('First name *'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name *'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('E-mail *'), 'ada@example.org');
  await userEvent.type(screen.getByLabelText('Repeat e-mail *'), 'ADA@example.org');
  await userEvent.click(screen.getByLabelText('I accept the rules *'));
}

describe('CustomerForm', () => {
  it('signals the customer only once every field is valid, with custom fields by id', async () => {
    const { onResult } = renderForm();
    expect(onResult).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    await fillValid();
    expect(onResult).toHaveBeenLastCalledWith(
      expect.objectContaining({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        company: null,
        fields: { '4': 'ADA@example.org', '9': true },
      }),
    );
  });

  it('marks an invalid field with a danger border, aria-invalid and a described error after it is left', async () => {
    const { onResult } = renderForm();
    await fillValid();
    const confirm = screen.getByLabelText('Repeat e-mail *');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'other@example.org');
    await userEvent.tab();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveClass('kassa-field__control--invalid');
    expect(confirm).toHaveAccessibleDescription('The e-mail addresses do not match.');
    expect(onResult).toHaveBeenLastCalledWith(null);
  });

  it('asks only the fields that apply to the products in the order', () => {
    renderForm({ productIds: [42] });
    expect(screen.getByLabelText('Team name *')).toBeInTheDocument();
    expect(screen.queryByLabelText('I accept the rules *')).toBeNull();
  });

  it('shows company fields when the company box is ticked and clears them when it is unticked', async () => {
    const { onChange } = renderForm();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    await userEvent.click(screen.getByLabelText('I am ordering for a company'));
    await userEvent.type(screen.getByLabelText('Company name'), 'Engines Ltd');
    await userEvent.type(screen.getByLabelText('VAT number'), 'GB123');
    await userEvent.click(screen.getByLabelText('I am ordering for a company'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        company: false,
        values: expect.objectContaining({ company: '', vat_id: '' }),
      }),
    );
    await userEvent.click(screen.getByLabelText('I am ordering for a company'));
    expect(screen.getByLabelText('Company name')).toHaveValue('');
  });

  it('writes a valid phone number in international form with the language’s country', async () => {
    renderForm();
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '020 7946 0958');
    await userEvent.tab();
    expect(phone).toHaveValue('+44 20 7946 0958');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it("prefills and locks a logged-in client's details and disables the company box", () => {
    renderForm({
      client: {
        id: 3,
        name: { first: 'Grace', last: 'Hopper' },
        email: 'grace@example.org',
        company: null,
        address: null,
        city: null,
        vat_id: null,
        token: 'tok',
        fields: [],
        subscriptions: [],
      },
    });
    expect(screen.getByLabelText('First name *')).toHaveValue('Grace');
    expect(screen.getByLabelText('First name *')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Repeat e-mail *')).toHaveValue('grace@example.org');
    expect(screen.getByLabelText('I am ordering for a company')).toBeDisabled();
  });
});

describe('CustomerForm after Pay on an unready form (decision 0148)', () => {
  it('lists what is missing as links and focuses the first invalid field', async () => {
    const props = {
      definitions,
      productIds: [7],
      allowBusiness: true,
      client: null,
      rebooking: false,
      initial: null,
      onChange: vi.fn(),
      onResult: vi.fn(),
    };
    const { rerender } = render(<CustomerForm {...props} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<CustomerForm {...props} showAllErrors focusRequest={1} />);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Please check 5 fields before paying:');
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveTextContent('First name: Please fill this in.');
    expect(screen.getByLabelText('First name *')).toHaveFocus();
    await userEvent.click(links[2]!);
    expect(screen.getByLabelText('E-mail *')).toHaveFocus();
  });
});
