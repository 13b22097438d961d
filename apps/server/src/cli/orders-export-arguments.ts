import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@kassa/domain/rules/order-status';
import { parseFlags } from './cli-context.ts';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What `shop orders …` was asked for. */
export interface ExportArguments {
  from: string;
  to: string;
  format: ExportFormat;
  /** A file to write; null: standard output. */
  output: string | null;
  statuses: OrderStatus[];
}

const VALUED = ['from', 'to', 'format', 'output', 'status'] as const;

/** A real calendar day written as YYYY-MM-DD (2026-02-30 is not one). */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Reads the arguments of `shop orders`; answers them, or the one sentence
 * that says what is wrong (the command prints it and exits 2, having read
 * and written nothing).
 */
export function parseExportArguments(args: readonly string[]): ExportArguments | { error: string } {
  const { flags, positional } = parseFlags([...args], VALUED);
  for (const name of flags.keys()) {
    if (!(VALUED as readonly string[]).includes(name)) return { error: `Unknown option --${name}.` };
    if (flags.get(name) === true) return { error: `--${name} needs a value.` };
  }
  if (positional.length > 0) return { error: `Unexpected argument "${positional[0]}".` };
  const text = (name: (typeof VALUED)[number]) => flags.get(name) as string | undefined;
  const from = text('from');
  if (from === undefined) return { error: '--from is required: the first day, as YYYY-MM-DD.' };
  if (!isDay(from)) return { error: `--from "${from}" is not a day written as YYYY-MM-DD.` };
  const to = text('to') ?? from;
  if (!isDay(to)) return { error: `--to "${to}" is not a day written as YYYY-MM-DD.` };
  if (from > to) return { error: `--from ${from} is after --to ${to}.` };
  const format = (text('format') ?? 'csv').toLowerCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    return { error: `--format must be csv or json, not "${text('format')}".` };
  }
  const output = text('output') ?? null;
  if (output === '') return { error: '--output needs a file name.' };
  const statuses: OrderStatus[] = [];
  for (const status of (text('status') ?? '').split(',').map((part) => part.trim().toUpperCase())) {
    if (status === '') continue;
    if (!isOrderStatus(status)) {
      return { error: `--status "${status}" is not an order status (${ORDER_STATUSES.join(', ')}).` };
    }
    statuses.push(status);
  }
  return { from, to, format: format as ExportFormat, output, statuses };
}
