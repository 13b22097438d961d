import { ORDER_STATUSES } from '@kassa/domain/rules/order-status';
import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { csvHeader, csvOrderRows } from '../../modules/orders-export/orders-csv.ts';
import { exportOrders, loadExportShop } from '../../modules/orders-export/load-export-orders.ts';
import { outputFile } from '../output-file.ts';
import type { CliCommand } from '../cli-context.ts';
import { fileSink, lineSink, type ExportSink } from '../export-sink.ts';
import { parseExportArguments, type ExportArguments } from '../orders-export-arguments.ts';

const USAGE = `shop orders --from <YYYY-MM-DD> [--to <YYYY-MM-DD>] [--format csv|json] [--status S,…] [--output <file>]

Exports the shop's orders for a bookkeeper or a spreadsheet (decision 0168).

  --from, --to  the first and last day (inclusive) on which orders were CREATED,
                on the shop's own calendar (its time zone, e.g. Europe/Amsterdam);
                --to defaults to --from (one day)
  --format      csv (default): one row per order line, the order's columns
                repeated on each; discounts, voucher credit and fees are lines
                too (discounts negative); UTF-8 with BOM for Excel
                json: an array of orders with their lines nested
  --status      only orders with these statuses, comma separated; default all:
                ${ORDER_STATUSES.slice(0, 5).join(', ')},
                ${ORDER_STATUSES.slice(5).join(', ')}
  --output      write to this file (replaced when complete; a relative name is
                taken from the repository root); default: standard output
                (redirecting it? use \`npm run -s shop\` to keep npm's banner out)

Orders are named by their public order number (reference), never an internal id.
Money is decimal with a dot (12.50); times are the shop's wall clock.`;

async function writeExport(
  sink: ExportSink,
  options: ExportArguments,
  context: Parameters<CliCommand['run']>[0],
  organisation: Awaited<ReturnType<typeof loadOrganisation>>,
): Promise<number> {
  const filter = { from: options.from, to: options.to, statuses: options.statuses };
  let count = 0;
  if (options.format === 'csv') {
    const shop = await loadExportShop(context.db, organisation);
    await sink.write(csvHeader(shop));
    for await (const order of exportOrders(context.db, organisation, filter)) {
      await sink.write(csvOrderRows(order, shop));
      count += 1;
    }
    return count;
  }
  // A JSON array written one order at a time, so memory stays flat; each
  // order is held back until the next shows whether a comma follows it.
  let held: string | null = null;
  for await (const order of exportOrders(context.db, organisation, filter)) {
    if (held !== null) await sink.write(`${held},\n`);
    held = `${held === null ? '[\n' : ''}${JSON.stringify(order, null, 2)}`;
    count += 1;
  }
  await sink.write(held === null ? '[]\n' : `${held}\n]\n`);
  return count;
}

/**
 * Where --output points: npm runs the command inside apps/server, so a
 * relative name is taken from where npm started the workspace script
 * (INIT_CWD: the repository root), as the README's examples are typed.
 */
/** `shop orders …`: the shop's orders out, as CSV or JSON (decision 0168). */
export const ordersCommand: CliCommand = {
  name: 'orders',
  summary: 'export orders of a date range as CSV or JSON (for the bookkeeping)',
  usage: USAGE,
  async run(context) {
    const options = parseExportArguments(context.args);
    if ('error' in options) {
      context.err(options.error);
      context.err('Run `npm run shop -- orders --help` for the options.');
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
    const output = options.output ? outputFile(options.output) : null;
    const sink = output ? fileSink(output) : lineSink(context.out);
    try {
      const count = await writeExport(sink, options, context, organisation);
      await sink.finish();
      if (output) {
        context.out(
          `${count} order${count === 1 ? '' : 's'} (${options.from} – ${options.to}) written to ${output}.`,
        );
      }
      return 0;
    } catch (error) {
      await sink.abandon();
      const reason = error instanceof Error ? error.message : String(error);
      context.err(
        `The export failed${options.output ? `; ${options.output} was not written` : ''}: ${reason}`,
      );
      return 1;
    }
  },
};
