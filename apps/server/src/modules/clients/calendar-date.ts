/** YYYY-MM-DD of an instant as seen in a time zone ('en-CA' formats dates that way). */
export function calendarDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
