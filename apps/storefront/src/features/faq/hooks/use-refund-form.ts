import {
  refundRequestProblemFields,
  validateRefundRequest,
  type FieldProblem,
  type RefundRequestField,
} from '@kassa/domain/rules/refund-request';
import { useMemo, useState } from 'react';

export type RefundFormValues = Record<RefundRequestField, string>;

export const EMPTY_REFUND_FORM: RefundFormValues = {
  first_name: '',
  last_name: '',
  adress: '',
  order_number: '',
  comment: '',
};

/**
 * State of the refund request form (docs/storefront.md §5.3), checked with the
 * same shared rule the server runs. Problems show from the first attempt to
 * send, then follow every keystroke. Not on leaving a field: a message
 * appearing on blur moves the send button away under the pointer and swallows
 * the click.
 */
export function useRefundForm(initial: Partial<RefundFormValues> = {}) {
  const [values, setValues] = useState<RefundFormValues>(() => ({ ...EMPTY_REFUND_FORM, ...initial }));
  const [attempted, setAttempted] = useState(false);
  const problems = useMemo(() => validateRefundRequest(values), [values]);

  return {
    values,
    setValue(field: RefundRequestField, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
    },
    /** The problem to show on a field now, if any. */
    problemOf(field: RefundRequestField): FieldProblem | undefined {
      return attempted ? problems[field] : undefined;
    },
    /** Marks every problem visible; returns the fields at fault (none: the form may be sent). */
    attempt(): RefundRequestField[] {
      setAttempted(true);
      return refundRequestProblemFields(problems);
    },
  };
}
