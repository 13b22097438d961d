import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';

export type ClientRow = typeof clients.$inferSelect;

/** The organisation's client holding this login token, or undefined. */
export async function findClientByToken(
  db: Db,
  organisationId: number,
  token: string,
): Promise<ClientRow | undefined> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.token, token), eq(clients.organisationId, organisationId)))
    .limit(1);
  return client;
}
