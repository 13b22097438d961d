import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { cents } from '../file-values.ts';
import { rowKey } from '../row-key.ts';
import type { WriteContext } from './write-context.ts';

/**
 * The file's upsells, matched by key. Answers each key's id. The ones the
 * file left out are deleted later, once no removed product links to them.
 */
export async function writeUpsells(
  ctx: WriteContext,
  upsells: CatalogueFile['upsells'],
): Promise<Map<string, number>> {
  const { tx } = ctx;
  const ids = new Map<string, number>();
  for (const upsell of upsells) {
    const found = ctx.current?.upsells.find((u) => rowKey(u, 'upsell') === upsell.key);
    const values = {
      organisationId: ctx.organisationId,
      key: upsell.key,
      title: ctx.text(upsell.title),
      description: ctx.text(upsell.description),
      image: ctx.image(upsell.image),
      priceCents: cents(upsell.price),
      upsellType: upsell.type,
      maxQuantity: upsell.max_quantity ?? null,
      donationStepCents: upsell.donation_step === undefined ? null : cents(upsell.donation_step),
      showOnTicket: upsell.show_on_ticket,
      vatRate: upsell.vat_rate,
    };
    if (found) {
      await tx.update(s.upsells).set(values).where(eq(s.upsells.id, found.id));
      ids.set(upsell.key, found.id);
    } else {
      const [row] = await tx.insert(s.upsells).values(values).returning({ id: s.upsells.id });
      ids.set(upsell.key, row!.id);
    }
  }
  return ids;
}
