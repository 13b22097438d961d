import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { issuedVouchers, orderLines, orders, voucherValues, vouchers } from '../../db/schema.ts';
import { voucherCode } from '../../lib/secrets.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Issues the codes of a paid voucher order: one per unit of each
 * VOUCHER_VALUE line, with the value's credit and an expiry of
 * now + the voucher's validity_days (none when it has none). Runs inside the
 * transaction that confirms the order, under its lock (its kind's fulfil step); an order
 * that has codes already gets none more, so however often a payment is
 * reported, one set is issued. Answers how many were issued now.
 */
export async function issueVoucherCodes(
  tx: Tx,
  order: { id: number; organisationId: number },
  now: Date,
): Promise<number> {
  const [existing] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(issuedVouchers)
    .where(eq(issuedVouchers.orderId, order.id));
  if ((existing?.count ?? 0) > 0) return 0;
  const lines = await tx
    .select({
      valueId: voucherValues.id,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      rebookOf: orders.rebookOfOrderId,
      creditCents: voucherValues.creditCents,
      validityDays: vouchers.validityDays,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
    .innerJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'VOUCHER_VALUE')))
    .orderBy(orderLines.id);
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      organisationId: order.organisationId,
      orderId: order.id,
      voucherValueId: line.valueId,
      code: voucherCode(),
      // A booking turned into a voucher: the code is worth what the booking was (its line's price).
      initialCents: line.rebookOf === null ? line.creditCents : line.unitPriceCents,
      balanceCents: line.rebookOf === null ? line.creditCents : line.unitPriceCents,
      expiresAt: line.validityDays === null ? null : new Date(now.getTime() + line.validityDays * DAY_MS),
      createdAt: now,
    })),
  );
  if (rows.length === 0) return 0;
  await tx.insert(issuedVouchers).values(rows);
  return rows.length;
}
