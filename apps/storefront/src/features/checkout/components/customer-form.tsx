import type { Client } from '@kassa/domain/contract/client';
import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import {
  fieldApplies,
  isCompanyField,
  validateFields,
  type FieldErrorCode,
  type FieldValue,
} from '@kassa/domain/rules/fields';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { defaultPhoneCountry } from '@/lib/phone-country';
import { useLanguage } from '@/lib/use-language';
import {
  clientPrefill,
  customerFromValues,
  formFields,
  rebookingPrefill,
  type CustomerFormState,
  type RebookingCustomer,
} from '../utils/form-fields';
import { FieldControl } from './field-control';
import './customer-form.css';

export type { CustomerFormState };

export interface CustomerFormProps {
  definitions: readonly FieldDefinition[];
  /** The current product and every product in the cart (field restrictions, docs/storefront.md §3.14); [] for other kinds. */
  productIds: readonly number[];
  /** The subscription or voucher being ordered, for fields restricted to it (docs/storefront.md §3.14). */
  subscriptionId?: number | null;
  voucherId?: number | null;
  allowBusiness: boolean;
  client: Client | null;
  rebooking: boolean;
  /** The customer of the order being rebooked: prefilled like a client's, the e-mail editable. */
  prefill?: RebookingCustomer | null;
  /** The state kept by the flow (going back and forth keeps the typed values); null starts afresh. */
  initial: CustomerFormState | null;
  onChange: (state: CustomerFormState) => void;
  /** The customer when every field is valid (docs/storefront.md §4.9: ready), else null (cancel). */
  onResult: (customer: OrderCustomer | null) => void;
  /** Show every field's problem at once (after a pay attempt), not only touched ones. */
  showAllErrors?: boolean;
  /**
   * Counts pay attempts on an unready form: each new value shows the error
   * summary's links and moves focus to the first invalid field (decision 0148).
   */
  focusRequest?: number;
}

/** The element id of a field's control, for the error summary's links. */
function controlId(fieldId: string): string {
  return `kassa-field-${fieldId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

const BUILT_IN_LABELS = {
  first_name: 'customer.first_name',
  last_name: 'customer.last_name',
  email: 'customer.email',
  company: 'customer.company',
  vat_id: 'customer.vat_id',
  address: 'customer.address',
  city: 'customer.city',
} as const;

/** The dynamic customer form of docs/storefront.md §2.9 and §5.1. */
export function CustomerForm(props: CustomerFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phoneCountry = defaultPhoneCountry(language);
  const fields = useMemo(() => formFields(props.definitions), [props.definitions]);
  const rebookingCustomer = props.rebooking ? (props.prefill ?? null) : null;
  // A rebooking keeps the booked order's customer; otherwise a logged-in client's details.
  const prefill = useMemo(
    () =>
      rebookingCustomer
        ? rebookingPrefill(fields, rebookingCustomer)
        : props.client
          ? clientPrefill(fields, props.client, props.rebooking)
          : null,
    [fields, rebookingCustomer, props.client, props.rebooking],
  );
  const [state, setState] = useState<CustomerFormState>(
    () => props.initial ?? prefill?.state ?? { values: {}, company: false },
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const locked = prefill?.locked ?? new Set<string>();

  const context = {
    products: props.productIds,
    subscription: props.subscriptionId ?? null,
    voucher: props.voucherId ?? null,
    company: state.company,
  };
  const shown = fields.filter(
    (field) =>
      fieldApplies(field, context) && (!isCompanyField(field.type) || (props.allowBusiness && state.company)),
  );
  const results = validateFields(fields, state.values, context);
  const errors = new Map(
    results.filter((result) => !result.valid).map((result) => [result.id, result.error]),
  );
  const ready = errors.size === 0;
  const shownErrors = shown.filter((field) => errors.has(field.id));
  const firstInvalid = shownErrors[0]?.id ?? null;
  const token = props.client?.token ?? null;

  // Report every change: the flow keeps the state and the ready customer (docs/storefront.md §4.9).
  const report = useRef({ onChange: props.onChange, onResult: props.onResult });
  useEffect(() => {
    report.current = { onChange: props.onChange, onResult: props.onResult };
  });
  const customerJson = ready ? JSON.stringify(customerFromValues(fields, state, token)) : null;
  useEffect(() => {
    report.current.onChange(state);
  }, [state]);
  useEffect(() => {
    report.current.onResult(customerJson === null ? null : (JSON.parse(customerJson) as OrderCustomer));
  }, [customerJson]);

  // A pay attempt on an unready form: focus goes to the first field to fix (its message is read with it).
  const focusRequest = props.focusRequest ?? 0;
  const firstInvalidRef = useRef(firstInvalid);
  useEffect(() => {
    firstInvalidRef.current = firstInvalid;
  });
  useEffect(() => {
    if (focusRequest === 0 || firstInvalidRef.current === null) return;
    document.getElementById(controlId(firstInvalidRef.current))?.focus();
  }, [focusRequest]);

  function setValue(id: string, value: FieldValue) {
    setState((current) => ({ ...current, values: { ...current.values, [id]: value } }));
  }

  function setCompany(company: boolean) {
    setState((current) => {
      if (company) return { ...current, company };
      // Unticking clears company, VAT id, address and every company-type field (docs/storefront.md §4.9).
      const values = { ...current.values };
      for (const field of fields) if (isCompanyField(field.type)) values[field.id] = '';
      return { company, values };
    });
  }

  function blur(id: string, type: string) {
    setTouched((current) => new Set(current).add(id));
    const value = state.values[id];
    if (type === 'PHONE' && typeof value === 'string' && value.trim() !== '') {
      // Shown and sent in international form, read with the language's default country.
      const parsed = parsePhoneNumberFromString(value, phoneCountry);
      if (parsed?.isPossible()) setValue(id, parsed.formatInternational());
    }
  }

  function message(code: FieldErrorCode): string {
    return t(`customer.errors.${code.toLowerCase() as Lowercase<FieldErrorCode>}`);
  }

  function labelOf(field: (typeof fields)[number]): string {
    return (
      field.name ??
      (field.id in BUILT_IN_LABELS ? t(BUILT_IN_LABELS[field.id as keyof typeof BUILT_IN_LABELS]) : field.id)
    );
  }

  return (
    <div className="kassa-customer">
      {/* Only where a pay attempt asks for it: other forms say what failed their own way. */}
      {props.showAllErrors && focusRequest > 0 && shownErrors.length > 0 && (
        <div className="kassa-error-summary" role="alert" aria-labelledby="kassa-error-summary-title">
          <p id="kassa-error-summary-title" className="kassa-error-summary__title">
            {t('customer.error_summary', { count: shownErrors.length })}
          </p>
          <ul className="kassa-error-summary__list">
            {shownErrors.map((field) => (
              <li key={field.id}>
                <a
                  href={`#${controlId(field.id)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(controlId(field.id))?.focus();
                  }}
                >
                  {labelOf(field)}: {message(errors.get(field.id)!)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="kassa-customer__legend">{t('customer.required_legend')}</p>
      {props.allowBusiness && (
        <div className="kassa-field kassa-field--checkbox">
          <input
            id="kassa-customer-company"
            type="checkbox"
            className="kassa-customer__checkbox"
            checked={state.company}
            disabled={props.client !== null || rebookingCustomer !== null}
            onChange={(event) => setCompany(event.target.checked)}
          />
          <label htmlFor="kassa-customer-company" className="kassa-field__label">
            {t('customer.company_toggle')}
          </label>
        </div>
      )}
      {shown.map((field) => {
        const code = errors.get(field.id);
        const visible = code && (props.showAllErrors || touched.has(field.id)) ? message(code) : null;
        const label = labelOf(field);
        return (
          <FieldControl
            key={field.id}
            id={controlId(field.id)}
            type={field.type}
            label={label}
            value={state.values[field.id]}
            required={field.required}
            locked={locked.has(field.id)}
            error={visible}
            choices={field.choices}
            chooseLabel={t('customer.choose')}
            onChange={(value) => setValue(field.id, value)}
            onBlur={() => blur(field.id, field.type)}
          />
        );
      })}
    </div>
  );
}
