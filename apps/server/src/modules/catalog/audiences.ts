import type { Audience } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audiences } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/** The audiences of a product or a subscription, in their shop-defined order. */
export async function audiencesOf(
  db: Db,
  ctx: ShopContext,
  owner: { productId: number } | { subscriptionId: number },
): Promise<Audience[]> {
  const rows = await db
    .select({
      id: audiences.id,
      name: audiences.name,
      description: audiences.description,
      priceCents: audiences.priceCents,
      group: audiences.group,
      minQuantity: audiences.minQuantity,
      dependant: audiences.dependant,
    })
    .from(audiences)
    .where(
      'productId' in owner
        ? eq(audiences.productId, owner.productId)
        : eq(audiences.subscriptionId, owner.subscriptionId),
    )
    .orderBy(asc(audiences.sort), asc(audiences.id));
  return rows.map((row) => ({
    id: row.id,
    name: ctx.text(row.name),
    description: ctx.text(row.description),
    price: centsToAmount(row.priceCents),
    group: row.group,
    min_quantity: row.minQuantity,
    dependant: row.dependant,
  }));
}
