import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, own } from './csv-cells.ts';
import { money } from './export-order.ts';

describe('CSV cells (RFC 4180, with the formula guard)', () => {
  it('leaves plain texts, numbers and empty cells as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('yes');
    expect(csvCell('Zoë – café €')).toBe('Zoë – café €');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Visser, Bram')).toBe('"Visser, Bram"');
    expect(csvCell('The "Night" tour')).toBe('"The ""Night"" tour"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('carriage\r\nreturn')).toBe('"carriage\r\nreturn"');
  });

  it('puts an apostrophe before texts that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+31 20 123 4567')).toBe("'+31 20 123 4567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    // Only the start counts: a formula sign later in the text is harmless.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it("leaves Kassa's own texts (negative money, dates) unguarded", () => {
    expect(csvCell(own(money(-450)))).toBe('-4.50');
    expect(csvCell(own('2026-11-25 14:03:11'))).toBe('2026-11-25 14:03:11');
  });

  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null, 2])).toBe('a,"b,c",,2\r\n');
  });
});

describe('money in the export', () => {
  it('is a decimal with a dot and two places, exact from cents', () => {
    expect(money(1250)).toBe('12.50');
    expect(money(5)).toBe('0.05');
    expect(money(0)).toBe('0.00');
    expect(money(-300)).toBe('-3.00');
    expect(money(123456789)).toBe('1234567.89');
  });
});
