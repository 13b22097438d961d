import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import type { ReadContext } from './read-context.ts';

export function readUpsells(ctx: ReadContext, upsells: CatalogueRows['upsells']): CatalogueFile['upsells'] {
  return upsells.map((u) =>
    defined({
      key: ctx.upsellKey.get(u.id)!,
      title: ctx.requiredText(u.title),
      description: ctx.text(u.description),
      image: u.image ?? undefined,
      type: u.upsellType,
      price: decimal(u.priceCents),
      max_quantity: u.maxQuantity ?? undefined,
      donation_step: u.donationStepCents === null ? undefined : decimal(u.donationStepCents),
      show_on_ticket: u.showOnTicket,
      vat_rate: (u.vatRate ?? undefined) as string,
    }),
  );
}
