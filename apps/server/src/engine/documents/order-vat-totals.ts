import type { RateTotal } from '@kassa/domain/rules/vat';
import type { Db, Tx } from '../../db/client.ts';
import { issuedInvoice } from './invoice-store.ts';
import { rateOrderLines } from './order-vat.ts';

/**
 * The order's totals per VAT rate, as its invoice was issued when it has one
 * (an issued invoice never changes, decision 0242), else by the current
 * catalogue's rates; empty when the shop's rates are not known.
 */
export async function orderVatTotals(db: Db | Tx, orderId: number, language: string): Promise<RateTotal[]> {
  const invoice = await issuedInvoice(db, orderId);
  if (invoice) return invoice.totals;
  const rated = await rateOrderLines(db, orderId, language);
  return rated?.document.totals ?? [];
}
