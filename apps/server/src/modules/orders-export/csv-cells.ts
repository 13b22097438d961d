/**
 * CSV cells and rows as RFC 4180 writes them (comma separated, CRLF
 * between records, a field quoted when it holds a comma, a quote, CR or LF,
 * quotes doubled), with one addition for spreadsheets: a text that starts
 * with = + - @ (or a tab or CR, which some spreadsheets skip before one of
 * those) gets a leading apostrophe, so a customer who types
 * `=HYPERLINK(…)` into a form field cannot make the shop's bookkeeper's
 * spreadsheet run it (CSV formula injection, OWASP).
 */

/** A text Kassa wrote itself (money such as `-12.50`, a date): never taken for a formula. */
export interface OwnText {
  own: string;
}

/** What a cell may hold: texts as typed by people, Kassa's own texts, numbers, yes/no, nothing. */
export type CsvValue = string | OwnText | number | boolean | null | undefined;

/** Marks a text Kassa formatted itself, so the formula guard leaves it alone (`-12.50` stays a number). */
export function own(text: string): OwnText {
  return { own: text };
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: formula guard on people's texts, then RFC 4180 quoting. Numbers are written as they are. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  const guarded = typeof value === 'object' ? value.own : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
