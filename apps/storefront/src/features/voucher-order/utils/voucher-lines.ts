import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { amountToCents } from '@kassa/domain/rules/money';

/** Chosen quantity per value id. */
export type ValueQuantities = Record<number, number>;

/** The summary's lines: one per value with a quantity, at the value's price (docs/storefront.md §2.12, cart card). */
export function voucherLines(voucher: VoucherDetail, quantities: ValueQuantities) {
  return voucher.values
    .filter((value) => (quantities[value.id] ?? 0) > 0)
    .map((value) => ({
      label: value.name,
      quantity: quantities[value.id]!,
      amountCents: amountToCents(value.price) * quantities[value.id]!,
    }));
}

/** The request's values and the total quantity (docs/storefront.md §7.10). */
export function voucherSelection(quantities: ValueQuantities) {
  const values = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ id: Number(id), quantity }));
  return { values, total: values.reduce((sum, value) => sum + value.quantity, 0) };
}
