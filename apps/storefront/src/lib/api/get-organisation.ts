import type { Organisation } from '@kassa/domain/contract/organisation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import type { Language } from '../language';
import { useLanguage } from '../use-language';

/** GET /api/organisation: shop settings (categories on, cart, business, fields, additions). */
export function getOrganisation(language: Language, signal?: AbortSignal): Promise<Organisation> {
  return apiGet('/organisation', {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/organisation')).organisationSchema
      : undefined,
    language,
    signal,
  });
}

export function organisationQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['organisation', language],
    queryFn: ({ signal }) => getOrganisation(language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrganisation() {
  return useQuery(organisationQueryOptions(useLanguage()));
}
