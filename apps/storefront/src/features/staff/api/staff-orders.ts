import {
  attendeeListSchema,
  resendAnswerSchema,
  staffOrderDetailSchema,
  staffOrderPageSchema,
  type CustomerCorrection,
} from '@kassa/domain/contract/staff-orders';
import { staffUserSchema } from '@kassa/domain/contract/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '@/lib/use-language';
import { staffSession, storeStaffSession } from '../utils/staff-session';
import { staffRequest } from './staff-request';

/** The order search's box and filters as the URL carries them (empty: not filtered). */
export interface OrderFilters {
  q: string;
  visit: string;
  plot: string;
  product: string;
  status: string;
  from: string;
  to: string;
  page: number;
}

export const ORDER_FILTER_KEYS = ['q', 'visit', 'plot', 'product', 'status', 'from', 'to'] as const;

export function orderFilterQuery(filters: OrderFilters): string {
  const query = new URLSearchParams();
  for (const key of ORDER_FILTER_KEYS) if (filters[key].trim()) query.set(key, filters[key].trim());
  if (filters.page > 1) query.set('page', String(filters.page));
  return query.toString();
}

/** GET /api/staff/orders: one page of the shop's orders, newest first (box office and managers). */
export function useStaffOrders(filters: OrderFilters) {
  const search = orderFilterQuery(filters);
  return useQuery({
    queryKey: ['staff', 'orders', 'search', search],
    queryFn: ({ signal }) =>
      staffRequest(`/orders${search ? `?${search}` : ''}`, { schema: staffOrderPageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const orderKey = (number: string) => ['staff', 'orders', 'page', number] as const;

/** GET /api/staff/orders/:number: everything the order page shows. */
export function useStaffOrder(number: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...orderKey(number), language],
    queryFn: ({ signal }) =>
      staffRequest(`/orders/${encodeURIComponent(number)}`, {
        schema: staffOrderDetailSchema,
        signal,
        language,
      }),
    staleTime: 0,
    retry: false,
  });
}

function useRefreshOrder(number: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: orderKey(number) });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'orders', 'search'] });
  };
}

/** POST /api/staff/orders/:number/resend: a mail of the order again, to its e-mail or another. */
export function useResendOrderMail(number: string) {
  const refresh = useRefreshOrder(number);
  return useMutation({
    mutationFn: (body: { mail?: string; to?: string }) =>
      staffRequest(`/orders/${encodeURIComponent(number)}/resend`, {
        method: 'POST',
        body,
        schema: resendAnswerSchema,
      }),
    onSuccess: refresh,
  });
}

/** PATCH /api/staff/orders/:number/customer */
export function useCorrectCustomer(number: string) {
  const refresh = useRefreshOrder(number);
  return useMutation({
    mutationFn: (correction: CustomerCorrection) =>
      staffRequest(`/orders/${encodeURIComponent(number)}/customer`, {
        method: 'PATCH',
        body: correction,
        schema: staffOrderDetailSchema,
      }),
    onSuccess: refresh,
  });
}

/** POST /api/staff/orders/:number/mark-paid (an invoiced order). */
export function useMarkInvoicePaid(number: string) {
  const refresh = useRefreshOrder(number);
  return useMutation({
    mutationFn: (body: { reference?: string }) =>
      staffRequest(`/orders/${encodeURIComponent(number)}/mark-paid`, {
        method: 'POST',
        body,
        schema: staffOrderDetailSchema,
      }),
    onSuccess: refresh,
  });
}

/** GET /api/staff/plots/:id/attendees */
export function useAttendees(plotId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'attendees', plotId, language],
    queryFn: ({ signal }) =>
      staffRequest(`/plots/${encodeURIComponent(plotId)}/attendees`, {
        schema: attendeeListSchema,
        signal,
        language,
      }),
    staleTime: 0,
  });
}

/**
 * The role of this device's session as the server has it now (GET /api/staff/me):
 * a manager may have changed it since the login, and the menu follows.
 */
export function useRefreshStaffRole(signedIn: boolean) {
  const me = useQuery({
    queryKey: ['staff', 'me'],
    queryFn: ({ signal }) => staffRequest('/me', { schema: staffUserSchema, signal }),
    enabled: signedIn,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  const role = me.data?.role;
  useEffect(() => {
    const session = staffSession();
    if (role && session && session.staff.role !== role) {
      storeStaffSession({ ...session, staff: { ...session.staff, role } });
    }
  }, [role]);
}
