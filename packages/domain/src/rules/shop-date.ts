import { calendarDateAt } from './wall-clock.ts';

/**
 * A shop day as tickets, mails and the return page print it (decision 0149),
 * written the same by the server and the storefront (decision 0225).
 */

/**
 * A YYYY-MM-DD day in the shop's own date format (organisations.date_format:
 * DD-MM-YYYY, MM-DD-YYYY or YYYY-MM-DD). 2026-12-05 → "05-12-2026".
 */
export function formatShopDate(date: string, dateFormat: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return dateFormat.replace(/YYYY|MM|DD/g, (token) =>
    token === 'YYYY' ? year : token === 'MM' ? month : day,
  );
}

/**
 * The weekday in the visitor's language, then the date in the shop's own
 * format — never month-first unless the shop says so.
 * 2026-12-05 → "Saturday 05-12-2026", "zaterdag 05-12-2026".
 */
export function shopDate(date: string, language: string, dateFormat: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  // A plain day has no zone: formatted in UTC, where it was built, so no zone can move it.
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))),
  );
  return `${weekday} ${formatShopDate(date, dateFormat)}`;
}

/**
 * The last calendar day (YYYY-MM-DD, in the shop's time zone) on which a code
 * expiring at `expiresAt` can still be used: a code valid until midnight
 * shows the day before, the way people read "valid until".
 */
export function lastValidDate(expiresAt: Date, timeZone: string): string {
  return calendarDateAt(expiresAt.getTime() - 1, timeZone);
}
