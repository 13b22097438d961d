import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, subscriptions, vouchers } from '../../db/schema.ts';
import { DISPLAYABLE_STATES } from '../../lib/displayable.ts';

const TABLES = { product: products, subscription: subscriptions, voucher: vouchers } as const;

/**
 * Whether the shop shows this item to members of a client group only: an
 * anonymous page head cannot see it, but it is not gone (decision 0197).
 */
export async function offeredToSomeGroup(
  db: Db,
  organisationId: number,
  kind: keyof typeof TABLES,
  id: number,
): Promise<boolean> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.id, id),
        eq(table.organisationId, organisationId),
        inArray(table.state, [...DISPLAYABLE_STATES]),
        sql`cardinality(${table.groupIds}) > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
