import { auditPageSchema } from '@kassa/domain/contract/staff-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffRequest } from './staff-request';

/** The audit page's filters as the URL carries them (empty means not filtered). */
export interface AuditFilters {
  action: string;
  staff: string;
  order: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/staff/audit with the filters set: one page, newest first (managers only). */
export function useAuditLog(filters: AuditFilters) {
  const query = new URLSearchParams();
  for (const key of ['action', 'staff', 'order', 'from', 'to'] as const) {
    if (filters[key].trim()) query.set(key, filters[key].trim());
  }
  if (filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return useQuery({
    queryKey: ['staff', 'audit', search],
    queryFn: ({ signal }) =>
      staffRequest(`/audit${search ? `?${search}` : ''}`, { schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
