import { useId, type ChangeEvent, type ReactNode } from 'react';
import './text-field.css';

interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The message shown under an invalid field; its presence marks the field invalid. */
  error?: string;
  /** A lasting hint under the label (format, where to find a number). */
  hint?: ReactNode;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  maxLength?: number;
}

/**
 * A labelled input or textarea. An invalid field gets a danger border,
 * aria-invalid and its message tied to it with aria-describedby, so a screen
 * reader reads the problem when the field takes focus. Required is announced
 * with aria-required rather than `required`, so the browser's own bubbles do
 * not compete with the form's messages.
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  multiline,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    className: error ? 'kassa-field__control kassa-field__control--invalid' : 'kassa-field__control',
    ...rest,
  };
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);

  return (
    <div className="kassa-field">
      <label htmlFor={id} className="kassa-field__label">
        {label}
        {required && (
          <span className="kassa-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="kassa-field__hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={4} onChange={change} {...shared} />
      ) : (
        <input type={type} onChange={change} {...shared} />
      )}
      {error && (
        <p id={errorId} className="kassa-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
