/**
 * A slot's time as a shopper reads it everywhere (storefront, door, return
 * page, tickets, mail): "14:00 – 15:30" with an en dash (decision 0140), a lone
 * start when there is no end, null for all day (no start). Times are the
 * organisation's wall-clock times, HH:MM or HH:MM:SS from the database.
 */
export function formatTimeRange(start: string | null | undefined, end?: string | null): string | null {
  if (!start) return null;
  return end ? `${start.slice(0, 5)} – ${end.slice(0, 5)}` : start.slice(0, 5);
}
