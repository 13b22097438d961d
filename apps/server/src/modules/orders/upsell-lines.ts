import { amountToCents } from '@kassa/domain/rules/money';
import { donationQuantity, upsellQuantityMax } from '@kassa/domain/rules/quantity';
import type { upsells } from '../../db/schema.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';

export interface UpsellLine {
  kind: 'UPSELL';
  upsellId: number;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/**
 * Upsell lines at the shop's prices, for an order of any kind; a DONATION's
 * amount is the visitor's choice (clamped at 0, rounded to cents) and
 * counts once. `label` names the item in the errors.
 */
export function upsellLines(
  chosen: Iterable<{ id: number; quantity: number; price?: number }>,
  offered: ReadonlyMap<number, typeof upsells.$inferSelect>,
  label: string,
): UpsellLine[] {
  const lines: UpsellLine[] = [];
  for (const choice of chosen) {
    const upsell = offered.get(choice.id);
    if (!upsell) throw orderErrors.upsellNotAvailable(label);
    const base = { kind: 'UPSELL' as const, upsellId: upsell.id };
    if (upsell.upsellType === 'DONATION') {
      const amount = Math.max(0, amountToCents(choice.price ?? 0));
      if (donationQuantity(amount) === 1)
        lines.push({ ...base, quantity: 1, unitPriceCents: amount, totalCents: amount });
      continue;
    }
    if (choice.quantity > upsellQuantityMax(upsell.maxQuantity)) throw orderErrors.invalidQuantity(label);
    if (choice.quantity === 0) continue;
    lines.push({
      ...base,
      quantity: choice.quantity,
      unitPriceCents: upsell.priceCents,
      totalCents: upsell.priceCents * choice.quantity,
    });
  }
  return lines;
}
