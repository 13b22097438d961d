import type { Plot } from '@kassa/domain/contract/plots';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

export interface PlotsSelection {
  quantity: number;
  audiences: { id: number; quantity: number }[];
  rebookPlot?: number | null;
  /** A waiting-list offer's token: its own held places count as free (decision 0261). */
  waitlist?: string;
}

/** The query of docs/storefront.md §7.2: order[quantity], or order[audiences][i][id] and [quantity]; rebookPlot. */
export function plotsQueryString(selection: PlotsSelection): string {
  const params = new URLSearchParams();
  if (selection.rebookPlot) params.set('rebookPlot', String(selection.rebookPlot));
  if (selection.waitlist) params.set('waitlist', selection.waitlist);
  const audiences = selection.audiences.filter((line) => line.quantity > 0);
  if (audiences.length > 0) {
    audiences.forEach((line, index) => {
      params.set(`order[audiences][${index}][id]`, String(line.id));
      params.set(`order[audiences][${index}][quantity]`, String(line.quantity));
    });
  } else {
    params.set('order[quantity]', String(selection.quantity));
  }
  return params.toString();
}

/**
 * GET /api/products/{id}/plots for the chosen quantity or audiences. Loading
 * plots is internal to the flow: a failure is logged and treated as no plots
 * (docs/storefront.md §4.16, §8.3).
 */
export async function getPlots(
  id: number,
  selection: PlotsSelection,
  language: Language,
  signal?: AbortSignal,
): Promise<Plot[]> {
  try {
    return await apiGet<Plot[]>(`/products/${id}/plots?${plotsQueryString(selection)}`, {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/plots')).plotListSchema
        : undefined,
      language,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Plots could not be loaded', error);
    return [];
  }
}

export function plotsQueryOptions(id: number, selection: PlotsSelection, language: Language) {
  return queryOptions({
    queryKey: ['product-plots', id, plotsQueryString(selection), language],
    queryFn: ({ signal }) => getPlots(id, selection, language, signal),
    // Seats change while the visitor chooses: keep the answer short-lived.
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export function usePlots(id: number, selection: PlotsSelection, enabled: boolean) {
  return useQuery({ ...plotsQueryOptions(id, selection, useLanguage()), enabled });
}
