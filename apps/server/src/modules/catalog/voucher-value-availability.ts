import { sql, type SQL } from 'drizzle-orm';
import { issuedVouchers, orderLines, orders, voucherValues } from '../../db/schema.ts';
import { outerColumn as q } from './outer-column.ts';

/**
 * Codes of a voucher value that are gone: units on paid or invoiced orders (sold) and on
 * unpaid orders still inside their hold (held, same rule as seats: PENDING
 * or RESERVED with expires_at ahead), plus codes issued without an order
 * (handed out by staff). Counting order lines rather than issued codes means
 * a code is never counted twice, whenever the order flow issues it.
 *
 * Every column is table-qualified: this runs in a single-table select list,
 * where Drizzle would otherwise drop the table names.
 */
export function takenVoucherCodes(now: Date): SQL<number> {
  const valueId = q(voucherValues, voucherValues.id);
  const status = q(orders, orders.status);
  return sql<number>`(
    coalesce((select sum(${q(orderLines, orderLines.quantity)}) from ${orderLines}
      inner join ${orders} on ${q(orders, orders.id)} = ${q(orderLines, orderLines.orderId)}
      where ${q(orderLines, orderLines.voucherValueId)} = ${valueId}
        and (${status} in ('PAID', 'INVOICED')
          or (${status} in ('PENDING', 'RESERVED') and ${q(orders, orders.expiresAt)} > ${now.toISOString()}::timestamptz))), 0)
    + (select count(*) from ${issuedVouchers}
      where ${q(issuedVouchers, issuedVouchers.voucherValueId)} = ${valueId}
        and ${q(issuedVouchers, issuedVouchers.orderId)} is null)
  )::int`;
}
