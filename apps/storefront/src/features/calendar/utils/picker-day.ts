/**
 * The day picker works with Date objects at local midnight; the shop's days
 * are YYYY-MM-DD strings. Converting through the local calendar fields keeps
 * a day the same day whatever zone the browser is in.
 */
export function pickerDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export function pickerDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
