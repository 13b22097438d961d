import {
  giftCardReportSchema,
  noShowReportSchema,
  occupancyReportSchema,
  refundReportSchema,
  salesReportSchema,
  todayReportSchema,
  type SalesGrouping,
} from '@kassa/domain/contract/staff-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/lib/use-language';
import { staffRequest } from './staff-request';

/** How often the dashboard's "today" refreshes while open. */
export const DASHBOARD_TODAY_REFRESH_MS = 30_000;

/** A period of shop days, both ends included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/** GET /api/staff/reports/sales (managers only). */
export function useSales(period: Period | null, by: SalesGrouping) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'reports', 'sales', period, by, language],
    queryFn: ({ signal }) =>
      staffRequest(`/reports/sales?from=${period!.from}&to=${period!.to}&by=${by}`, {
        schema: salesReportSchema,
        signal,
        language,
      }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/reports/today, refreshed while the page is open. */
export function useTodayReport() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'reports', 'today', language],
    queryFn: ({ signal }) => staffRequest('/reports/today', { schema: todayReportSchema, signal, language }),
    refetchInterval: DASHBOARD_TODAY_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/reports/occupancy: the slots of a period (the heat map's coming days). */
export function useOccupancy(period: Period | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'reports', 'occupancy', period, language],
    queryFn: ({ signal }) =>
      staffRequest(`/reports/occupancy?from=${period!.from}&to=${period!.to}`, {
        schema: occupancyReportSchema,
        signal,
        language,
      }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/reports/gift-cards. */
export function useGiftCards() {
  return useQuery({
    queryKey: ['staff', 'reports', 'gift-cards'],
    queryFn: ({ signal }) => staffRequest('/reports/gift-cards', { schema: giftCardReportSchema, signal }),
  });
}

/** GET /api/staff/reports/no-shows for a period. */
export function useNoShows(period: Period | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'reports', 'no-shows', period, language],
    queryFn: ({ signal }) =>
      staffRequest(`/reports/no-shows?from=${period!.from}&to=${period!.to}`, {
        schema: noShowReportSchema,
        signal,
        language,
      }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/reports/refunds for a period. */
export function useRefundReport(period: Period | null) {
  return useQuery({
    queryKey: ['staff', 'reports', 'refunds', period],
    queryFn: ({ signal }) =>
      staffRequest(`/reports/refunds?from=${period!.from}&to=${period!.to}`, {
        schema: refundReportSchema,
        signal,
      }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
