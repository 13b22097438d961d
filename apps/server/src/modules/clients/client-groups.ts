import type { ClientGroup } from '@kassa/domain/contract/client';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientGroupMembers, clientGroups } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/** The groups a client belongs to, named in the request's language. */
export async function clientGroupList(db: Db, ctx: ShopContext, clientId: number): Promise<ClientGroup[]> {
  const rows = await db
    .select({ id: clientGroups.id, name: clientGroups.name })
    .from(clientGroupMembers)
    .innerJoin(clientGroups, eq(clientGroups.id, clientGroupMembers.groupId))
    .where(eq(clientGroupMembers.clientId, clientId))
    .orderBy(asc(clientGroups.id));
  return rows.map((row) => ({ id: row.id, name: ctx.text(row.name) }));
}
