/**
 * The startup load of docs/storefront.md §7.3: client, organisation, home
 * products, FAQ and categories, all requested at once when the shop opens so
 * that whichever page comes first finds them in flight.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../language';
import { categoriesQueryOptions } from './get-categories';
import { clientQueryOptions } from './get-client';
import { faqQueryOptions } from './get-faq';
import { homeProductsQueryOptions } from './get-home-products';
import { organisationQueryOptions } from './get-organisation';

export function prefetchStartup(queryClient: QueryClient, language: Language): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(clientQueryOptions()),
    queryClient.prefetchQuery(organisationQueryOptions(language)),
    queryClient.prefetchQuery(homeProductsQueryOptions(language)),
    queryClient.prefetchQuery(faqQueryOptions(language)),
    queryClient.prefetchQuery(categoriesQueryOptions(language)),
  ]);
}
