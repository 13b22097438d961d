import type { CreateVoucherOrderRequest } from '@kassa/domain/contract/voucher-orders';
import type { PricedOrderItem } from '../../engine/pricing/order-lines.ts';
import type { VoucherRow, VoucherValueRow } from './load-voucher.ts';
import { voucherOrderErrors } from './voucher-order-errors.ts';

/** The name a value goes by in error_info. */
export function valueLabel(voucher: VoucherRow, value: VoucherValueRow | undefined, id: number): string {
  const title = voucher.title.en ?? Object.values(voucher.title)[0] ?? `Voucher ${voucher.id}`;
  const name = value ? (value.name.en ?? Object.values(value.name)[0] ?? `value ${id}`) : `value ${id}`;
  return `${title} – ${name}`;
}

/**
 * The voucher order's one item, priced from the database: a VOUCHER_VALUE
 * line per value with a quantity, at the value's price. Client prices play
 * no part. The total of codes must reach min_quantity and stay within
 * max_quantity (docs/storefront.md §5.6), and match voucher.quantity when that
 * is sent; every value must be the voucher's. Availability is checked again
 * under the values' lock when the order is booked (holdVoucherValues).
 */
export function priceVoucherValues(
  request: CreateVoucherOrderRequest,
  voucher: VoucherRow,
  values: readonly VoucherValueRow[],
): PricedOrderItem & { quantities: Map<number, number> } {
  const byId = new Map(values.map((value) => [value.id, value]));
  const quantities = new Map<number, number>();
  for (const chosen of request.values) {
    if (!byId.has(chosen.id))
      throw voucherOrderErrors.valueNotAvailable(valueLabel(voucher, undefined, chosen.id));
    if (chosen.quantity > 0) quantities.set(chosen.id, (quantities.get(chosen.id) ?? 0) + chosen.quantity);
  }
  const total = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
  const label = valueLabel(voucher, undefined, 0).split(' – ')[0]!;
  const tooMany = voucher.maxQuantity !== null && total > voucher.maxQuantity;
  const mismatch = request.voucher.quantity !== undefined && request.voucher.quantity !== total;
  if (total <= 0 || total < voucher.minQuantity || tooMany || mismatch)
    throw voucherOrderErrors.invalidQuantity(label);
  const lines = values
    .filter((value) => quantities.has(value.id))
    .map((value) => {
      const quantity = quantities.get(value.id)!;
      return {
        kind: 'VOUCHER_VALUE' as const,
        voucherValueId: value.id,
        quantity,
        unitPriceCents: value.priceCents,
        totalCents: value.priceCents * quantity,
      };
    });
  return {
    index: 0,
    productId: null,
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    quantities,
  };
}
