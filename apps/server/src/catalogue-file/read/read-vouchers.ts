import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import { rowKey } from '../row-key.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import type { ReadContext } from './read-context.ts';
import { readItem } from './read-item.ts';

/** The live vouchers with their values; a value's credit is written only where it differs from its price. */
export function readVouchers(ctx: ReadContext, rows: CatalogueRows): CatalogueFile['vouchers'] {
  return rows.vouchers.map((v) =>
    defined({
      ...readItem(ctx, v),
      min_quantity: v.minQuantity,
      max_quantity: v.maxQuantity ?? undefined,
      show_end_time: v.showEndTime,
      validity_days: v.validityDays ?? undefined,
      purpose: v.purpose,
      vat_rate: v.vatRate ?? undefined,
      values: rows.values
        .filter((value) => value.voucherId === v.id)
        .map((value) =>
          defined({
            key: rowKey(value, 'value'),
            name: ctx.requiredText(value.name),
            description: ctx.text(value.description),
            price: decimal(value.priceCents),
            credit: value.creditCents === value.priceCents ? undefined : decimal(value.creditCents),
            availability: value.availability ?? undefined,
          }),
        ),
    }),
  );
}
