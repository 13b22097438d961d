import type { FieldType } from '@kassa/domain/contract/organisation';
import type { FieldValue } from '@kassa/domain/rules/fields';
import { useId } from 'react';
// The field look is the TextField primitive's, shared by every type here.
import '@/components/ui/text-field.css';

interface FieldControlProps {
  /** A stable id, for links to the field (the error summary); generated when absent. */
  id?: string;
  type: FieldType;
  label: string;
  value: FieldValue;
  required: boolean;
  locked: boolean;
  error: string | null;
  choices: { value: string; label: string }[];
  chooseLabel: string;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
}

const AUTOCOMPLETE: Partial<Record<FieldType, string>> = {
  FIRST_NAME: 'given-name',
  LAST_NAME: 'family-name',
  EMAIL: 'email',
  EMAIL_CONFIRM: 'email',
  PHONE: 'tel',
  ZIPCODE: 'postal-code',
  COMPANY: 'organization',
  ADDRESS: 'street-address',
  CITY: 'address-level2',
};

function inputType(type: FieldType): string {
  if (type === 'EMAIL' || type === 'EMAIL_CONFIRM') return 'email';
  if (type === 'PHONE') return 'tel';
  if (type === 'DATE') return 'date';
  return 'text';
}

/**
 * One field of the customer form, for any of the 15 types. An invalid field
 * gets the danger border, aria-invalid and its message via
 * aria-describedby; a field the client's account fills is read-only.
 */
export function FieldControl(props: FieldControlProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const errorId = `${id}-error`;
  const invalid = props.error !== null;
  const shared = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-required': props.required || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    onBlur: props.onBlur,
  };
  const className = invalid ? 'kassa-field__control kassa-field__control--invalid' : 'kassa-field__control';
  const required = props.required && (
    <span className="kassa-field__required" aria-hidden="true">
      {' *'}
    </span>
  );
  const error = invalid && (
    <p id={errorId} className="kassa-field__error">
      {props.error}
    </p>
  );

  if (props.type === 'CHECKBOX') {
    return (
      <div className="kassa-field kassa-field--checkbox">
        <input
          type="checkbox"
          {...shared}
          className="kassa-customer__checkbox"
          checked={props.value === true}
          disabled={props.locked}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <label htmlFor={id} className="kassa-field__label">
          {props.label}
          {required}
        </label>
        {error}
      </div>
    );
  }

  return (
    <div className="kassa-field">
      <label htmlFor={id} className="kassa-field__label">
        {props.label}
        {required}
      </label>
      {props.type === 'DROPDOWN' ? (
        <select
          {...shared}
          className={className}
          value={typeof props.value === 'string' ? props.value : ''}
          disabled={props.locked}
          onChange={(event) => props.onChange(event.target.value)}
        >
          <option value="">{props.chooseLabel}</option>
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...shared}
          className={className}
          type={inputType(props.type)}
          inputMode={props.type === 'NUMBER' ? 'decimal' : undefined}
          autoComplete={AUTOCOMPLETE[props.type]}
          value={typeof props.value === 'string' ? props.value : ''}
          readOnly={props.locked}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {error}
    </div>
  );
}
