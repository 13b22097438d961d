import { staffWaitlistSchema } from '@kassa/domain/contract/waitlist';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/lib/use-language';
import { staffRequest } from './staff-request';

/** GET /api/staff/plots/:id/waitlist (decision 0252): the slot's waiting list in line order. */
export function useStaffWaitlist(plotId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'waitlist', plotId, language],
    queryFn: ({ signal }) =>
      staffRequest(`/plots/${encodeURIComponent(plotId)}/waitlist`, {
        schema: staffWaitlistSchema,
        signal,
        language,
      }),
    staleTime: 0,
  });
}
