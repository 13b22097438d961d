/**
 * The text a failed rebook check shows (docs/storefront.md §8.3, rebook entry):
 * the server's error_info, except that "Rebook is not allowed" becomes the
 * storefront's translated text. A code the storefront knows (errors.{code}) is
 * shown in the visitor's language ahead of the server's English detail.
 */
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';

/** The server's fixed wording for REBOOK_NOT_ALLOWED (decision 0040). */
const NOT_ALLOWED_INFO = 'Rebook is not allowed';

export type RebookErrorText =
  { kind: 'key'; key: ReturnType<typeof errorKey> } | { kind: 'info'; text: string };

export function rebookErrorText(error: unknown): RebookErrorText {
  if (!isApiError(error)) return { kind: 'key', key: 'errors.unexpected' };
  // A refusal that says why (REBOOK_STARTED, REBOOK_SEVERAL_ITEMS, …) is shown by its own code.
  const key = errorKey(error.code, 'unexpected');
  if (key !== 'errors.unexpected') return { kind: 'key', key };
  if (error.errorInfo?.trim() === NOT_ALLOWED_INFO) return { kind: 'key', key: 'errors.rebook_not_allowed' };
  if (error.errorInfo) return { kind: 'info', text: error.errorInfo };
  return { kind: 'key', key };
}
