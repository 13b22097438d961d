/**
 * A report's numbers as a table, and the same rows as a CSV download: what
 * every chart of the dashboard offers beside its picture (decision 0263).
 * Wide tables scroll sideways inside their own focusable region on a phone.
 */
import { useMemo, type ReactNode } from 'react';

export interface ReportColumn<Row> {
  /** The CSV column's stable name. */
  key: string;
  header: string;
  /** The cell as shown. */
  cell: (row: Row) => ReactNode;
  /** The cell in the CSV (money as 12.50, counts as digits). */
  csv: (row: Row) => string | number;
  numeric?: boolean;
}

/** A column of counts: in the reader's digits on the page, plain digits in the CSV. */
export function countColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => number,
  format: (value: number) => string,
): ReportColumn<Row> {
  return { key, header, cell: (row) => format(value(row)), csv: value, numeric: true };
}

/** A column of amounts in cents: the shop's money on the page, 12.50 in the CSV. */
export function moneyColumn<Row>(
  key: string,
  header: string,
  cents: (row: Row) => number,
  format: (cents: number) => string,
): ReportColumn<Row> {
  return {
    key,
    header,
    cell: (row) => format(cents(row)),
    csv: (row) => csvMoney(cents(row)),
    numeric: true,
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A cell a spreadsheet would run as a formula starts with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV, header first, CRLF line ends. */
export function reportCsv<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.key)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.csv(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** 1250 → "12.50", exact from integer cents. */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function CsvLink<Row>({
  columns,
  rows,
  fileName,
  label,
}: {
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  fileName: string;
  label: string;
}) {
  const href = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(reportCsv(columns, rows))}`,
    [columns, rows],
  );
  return (
    <a className="kassa-button kassa-button--secondary kassa-dashboard__csv" href={href} download={fileName}>
      {label}
    </a>
  );
}

export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
}: {
  caption: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  footer?: Row;
}) {
  return (
    <div className="kassa-dashboard__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="kassa-dashboard__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'kassa-dashboard__num' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'kassa-dashboard__num' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row">
                    {column.cell(footer)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'kassa-dashboard__num' : undefined}>
                    {column.cell(footer)}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
