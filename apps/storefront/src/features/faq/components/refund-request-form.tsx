import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { FieldProblem, RefundRequestField } from '@kassa/domain/rules/refund-request';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { useSendRefundRequest } from '../api/send-refund-request';
import { useRefundForm, type RefundFormValues } from '../hooks/use-refund-form';

/**
 * An order number as the shop prints it on every mail and page (decision
 * 0104): a made-up one with a valid check digit, grouped in fours.
 */
const EXAMPLE_ORDER_NUMBER = formatOrderReference('12345678906');

const PROBLEM_KEYS = {
  first_name: { REQUIRED: 'faq.refund.errors.first_name_required', INVALID: 'faq.refund.errors.too_long' },
  last_name: { REQUIRED: 'faq.refund.errors.last_name_required', INVALID: 'faq.refund.errors.too_long' },
  adress: { REQUIRED: 'faq.refund.errors.email_required', INVALID: 'faq.refund.errors.email_invalid' },
  order_number: {
    REQUIRED: 'faq.refund.errors.order_number_required',
    INVALID: 'faq.refund.errors.order_number_invalid',
  },
  comment: { REQUIRED: 'faq.refund.errors.too_long', INVALID: 'faq.refund.errors.too_long' },
} as const satisfies Record<RefundRequestField, Record<FieldProblem, string>>;

interface RefundRequestFormProps {
  /** Called once the shop accepted the request (docs/storefront.md §7.5). */
  onSent: () => void;
  onCancel: () => void;
  /** Filled in already (an order page's "Send a request to the shop" link, decision 0259). */
  initial?: Partial<RefundFormValues>;
}

/**
 * The refund or cancellation request form of docs/storefront.md §5.3: nothing
 * is sent while a field is invalid; the first invalid field takes focus so its
 * message is read out; a server refusal is shown translated (docs/storefront.md
 * §8.1).
 */
export function RefundRequestForm({ onSent, onCancel, initial }: RefundRequestFormProps) {
  const { t } = useTranslation();
  const form = useRefundForm(initial);
  const send = useSendRefundRequest();
  const formElement = useRef<HTMLFormElement>(null);
  // Bumped on each refused attempt; focus moves after the messages have rendered.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    if (form.attempt().length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    send.mutate(
      { ...form.values, comment: form.values.comment.trim() === '' ? null : form.values.comment },
      { onSuccess: onSent },
    );
  }

  const field = (name: RefundRequestField) => {
    const problem = form.problemOf(name);
    return {
      name,
      value: form.values[name],
      onChange: (value: string) => form.setValue(name, value),
      error: problem ? t(PROBLEM_KEYS[name][problem], { example: EXAMPLE_ORDER_NUMBER }) : undefined,
    };
  };

  return (
    <form ref={formElement} className="kassa-refund-form" noValidate onSubmit={submit}>
      <p>{t('faq.refund.intro')}</p>
      <p className="kassa-refund-form__legend">{t('faq.refund.required_legend')}</p>
      <div className="kassa-refund-form__names">
        <TextField
          {...field('first_name')}
          label={t('faq.refund.first_name')}
          required
          autoComplete="given-name"
        />
        <TextField
          {...field('last_name')}
          label={t('faq.refund.last_name')}
          required
          autoComplete="family-name"
        />
      </div>
      <TextField
        {...field('adress')}
        label={t('faq.refund.email')}
        type="email"
        inputMode="email"
        required
        autoComplete="email"
      />
      <TextField
        {...field('order_number')}
        label={t('faq.refund.order_number')}
        hint={t('faq.refund.order_number_hint', { example: EXAMPLE_ORDER_NUMBER })}
        // Text, not a number pad: the number is copied from a mail with its spaces.
        inputMode="text"
        required
        autoComplete="off"
      />
      <TextField {...field('comment')} label={t('faq.refund.comment')} multiline />
      {send.isError && (
        <Alert tone="danger">{t(errorKey(isApiError(send.error) ? send.error.code : undefined))}</Alert>
      )}
      <div className="kassa-actions">
        <button type="submit" className="kassa-button" aria-disabled={send.isPending || undefined}>
          {send.isPending && <Spinner />}
          {send.isPending ? t('faq.refund.sending') : t('faq.refund.submit')}
        </button>
        <button type="button" className="kassa-button kassa-button--secondary" onClick={onCancel}>
          {t('faq.refund.cancel')}
        </button>
      </div>
    </form>
  );
}
