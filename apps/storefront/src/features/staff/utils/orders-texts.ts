/** Words for the order pages that depend on what the server answered: an error's code. */
import { texts } from '@/lib/texts';
import { isApiError } from '@/lib/api-error';
import { staffErrorKey, type StaffKey, type StaffText } from '../hooks/use-staff-text';

/** The error of a failed request, in the page's language (orders.errors.<code>, else the staff errors). */
export function ordersErrorText(t: StaffText, error: unknown): string {
  const code = isApiError(error) ? error.code.toLowerCase() : undefined;
  const key = `orders.errors.${code}`;
  if (code && /^[a-z0-9_]+$/.test(code) && texts.exists(`staff:${key}`)) return t(key as StaffKey);
  return t(staffErrorKey(code?.toUpperCase()));
}
