import { writeFileSync } from 'node:fs';
import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { vatReport, vatReportCsv } from '../../modules/orders-export/vat-report.ts';
import { outputFile } from '../output-file.ts';
import type { CliCommand } from '../cli-context.ts';
import { parseExportArguments } from '../orders-export-arguments.ts';

const USAGE = `shop report vat --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--output <file>]

The VAT of a period for the tax return (decisions 0240, 0242, 0243), on the
shop's own calendar (its time zone): revenue per rate (the invoices issued),
the credit notes per rate, gift voucher sales by purpose (single-purpose:
VAT at sale; multi-purpose: none at sale) and the gift-card liability (credit
sold, not yet spent nor expired) at the end of --to. Printed, and written as
CSV to --output (default vat-<from>-<to>.csv; a relative name is taken from
the repository root).`;

/** `shop report vat …`: the VAT report of a period, printed and as CSV. */
export const reportCommand: CliCommand = {
  name: 'report',
  summary: 'report vat: revenue per VAT rate, credit notes, voucher sales and gift-card liability',
  usage: USAGE,
  async run(context) {
    const [kind, ...rest] = context.args;
    if (kind !== 'vat') {
      context.err('Only `shop report vat` exists. Run `npm run shop -- report --help` for the options.');
      return 2;
    }
    const options = parseExportArguments(rest);
    if ('error' in options) {
      context.err(options.error);
      return 2;
    }
    let organisation;
    try {
      organisation = await loadOrganisation(context.db, context.organisationSlug);
    } catch (error) {
      if (error instanceof AppError) {
        context.err(error.message);
        return 1;
      }
      throw error;
    }
    const report = await vatReport(context.db, organisation, options.from, options.to);
    const csv = vatReportCsv(report);
    const output = outputFile(options.output ?? `vat-${options.from}-${options.to}.csv`);
    writeFileSync(output, csv);
    context.out(
      `VAT ${options.from} – ${options.to}: ${report.invoices} invoices, ${report.creditNotes} credit notes`,
    );
    for (const line of csv.trimEnd().split('\r\n')) context.out(line.split(',').join('\t'));
    context.out(`Written to ${output}.`);
    return 0;
  },
};
