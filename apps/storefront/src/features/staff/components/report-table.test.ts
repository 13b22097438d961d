import { describe, expect, it } from 'vitest';
import { csvMoney, reportCsv, type ReportColumn } from './report-table';

interface Row {
  name: string;
  cents: number;
}

const columns: ReportColumn<Row>[] = [
  { key: 'group', header: 'Group', cell: (row) => row.name, csv: (row) => row.name },
  {
    key: 'gross',
    header: 'Gross',
    cell: (row) => row.cents,
    csv: (row) => csvMoney(row.cents),
    numeric: true,
  },
];

describe('a report as CSV (decision 0263)', () => {
  it('writes a header, the same numbers as the table, money with two decimals, CRLF ends', () => {
    expect(
      reportCsv(columns, [
        { name: 'Museum admission', cents: 2169300 },
        { name: 'Discounts', cents: -40075 },
      ]),
    ).toBe('group,gross\r\nMuseum admission,21693.00\r\nDiscounts,-400.75\r\n');
  });

  it('quotes commas and quotes, and keeps a cell from running as a spreadsheet formula', () => {
    expect(reportCsv(columns, [{ name: 'Tour, "guided"', cents: 5 }])).toBe(
      'group,gross\r\n"Tour, ""guided""",0.05\r\n',
    );
    expect(reportCsv(columns, [{ name: '=HYPERLINK("x")', cents: 0 }])).toBe(
      'group,gross\r\n"\'=HYPERLINK(""x"")",0.00\r\n',
    );
  });
});
