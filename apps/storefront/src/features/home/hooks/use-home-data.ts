import { useCategories } from '@/lib/api/get-categories';
import { useClient } from '@/lib/api/get-client';
import { useClientGroups } from '@/lib/api/get-client-groups';
import { useFaq } from '@/lib/api/get-faq';
import { useHomeProducts } from '@/lib/api/get-home-products';
import { useOrganisation } from '@/lib/api/get-organisation';

/**
 * Spec §2: home waits until all startup data and the client's groups are
 * loaded, so a logged-in client never sees the anonymous offers flash by.
 */
export function useHomeData() {
  const organisation = useOrganisation();
  const home = useHomeProducts();
  const categories = useCategories();
  const faq = useFaq();
  const client = useClient();
  const groups = useClientGroups(client.data?.id);
  const queries = [organisation, home, categories, faq, client, ...(client.data ? [groups] : [])];
  const error = queries.find((query) => query.isError)?.error ?? null;
  const ready = organisation.data && home.data && categories.data && faq.data && client.data !== undefined;
  return {
    loading: queries.some((query) => query.isPending),
    error,
    retry: () => queries.filter((query) => query.isError).forEach((query) => void query.refetch()),
    data:
      ready && (!client.data || groups.data)
        ? {
            organisation: organisation.data,
            home: home.data,
            categories: categories.data,
            client: client.data,
          }
        : undefined,
  };
}
