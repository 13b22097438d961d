/**
 * A shop day as tickets, mails and the return page print it: the weekday in
 * the visitor's language, then the date in the shop's own format
 * (organisations.date_format, e.g. DD-MM-YYYY) — never month-first unless
 * the shop says so. 2026-12-05 → "Saturday 05-12-2026", "zaterdag 05-12-2026".
 */
export function shopDate(date: string, language: string, dateFormat: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))),
  );
  const numeric = dateFormat.replace(/YYYY|MM|DD/g, (token) =>
    token === 'YYYY' ? year : token === 'MM' ? month : day,
  );
  return `${weekday} ${numeric}`;
}

/**
 * The last calendar day (YYYY-MM-DD, in the shop's time zone) on which a code
 * expiring at `expiresAt` can still be used: a code valid until midnight
 * shows the day before, the way people read "valid until".
 */
export function lastValidDate(expiresAt: Date, timeZone: string): string {
  // 'en-CA' formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(expiresAt.getTime() - 1));
}
