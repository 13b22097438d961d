import { formatDate } from '@/lib/format-date';

/**
 * A shop day as the return page writes it, like the tickets and the mail
 * (decision 0149): the weekday in the visitor's language, then the date in
 * the shop's date format. 2026-06-10 → "Wednesday 10-06-2026".
 */
export function shopDay(date: string, language: string, dateFormat: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
  return `${weekday} ${formatDate(date, timeZone, dateFormat)}`;
}
