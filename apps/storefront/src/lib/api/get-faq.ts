import type { Faq } from '@kassa/domain/contract/faq';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import type { Language } from '../language';
import { useLanguage } from '../use-language';

/**
 * What a failed FAQ load shows (docs/storefront.md §8.3: "treated as empty"):
 * no questions and no contact details, but not "FAQ disabled", which would send
 * the visitor to /404 over a passing network error.
 */
export const EMPTY_FAQ: Faq = {
  faq_enabled: true,
  questions: [],
  rebooking_allowed: false,
  rebooking_secret: null,
  phone_number: null,
  email: null,
  whatsapp_url: null,
  opening_hours_url: null,
};

/** GET /api/faq; a failure gives EMPTY_FAQ. */
export async function getFaq(language: Language, signal?: AbortSignal): Promise<Faq> {
  try {
    return await apiGet('/faq', {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/faq')).faqSchema
        : undefined,
      language,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('FAQ could not be loaded', error);
    return EMPTY_FAQ;
  }
}

export function faqQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['faq', language],
    queryFn: ({ signal }) => getFaq(language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFaq() {
  return useQuery(faqQueryOptions(useLanguage()));
}
