import type { CatalogueAudience } from '@kassa/domain/contract/catalogue-file';
import { eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { cents } from '../file-values.ts';
import { rowKey } from '../row-key.ts';
import type { WriteContext } from './write-context.ts';

/** A product's or a subscription's audiences, matched by key; the ones the file left out are deleted. */
export async function writeAudiences(
  ctx: WriteContext,
  owner: { productId: number } | { subscriptionId: number },
  list: readonly CatalogueAudience[],
): Promise<void> {
  const { tx } = ctx;
  const ownerId = 'productId' in owner ? owner.productId : owner.subscriptionId;
  const mine = (ctx.current?.audiences ?? []).filter(
    (a) => ('productId' in owner ? a.productId : a.subscriptionId) === ownerId,
  );
  const kept: number[] = [];
  for (const [sort, audience] of list.entries()) {
    const found = mine.find((a) => rowKey(a, 'audience') === audience.key);
    const values = {
      ...owner,
      key: audience.key,
      name: ctx.text(audience.name),
      description: ctx.text(audience.description),
      priceCents: cents(audience.price),
      group: audience.group ?? null,
      minQuantity: audience.min_quantity,
      dependant: audience.dependant,
      vatRate: audience.vat_rate ?? null,
      sort,
    };
    if (found) {
      await tx.update(s.audiences).set(values).where(eq(s.audiences.id, found.id));
      kept.push(found.id);
    } else {
      const [row] = await tx.insert(s.audiences).values(values).returning({ id: s.audiences.id });
      kept.push(row!.id);
    }
  }
  const removed = mine.filter((a) => !kept.includes(a.id)).map((a) => a.id);
  if (removed.length) await tx.delete(s.audiences).where(inArray(s.audiences.id, removed));
}
