import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, clientSessions } from '../../db/schema.ts';
import { secretToken, tokenHash } from '../../lib/secrets.ts';

/** A browser stays logged in this long unless the client logs out (decision 0120). */
export const CLIENT_SESSION_DAYS = 30;

export type ClientRow = typeof clients.$inferSelect;

/** A new session for `clientId`: the bearer token (128 bits) is returned once and never stored. */
export async function startClientSession(db: Db | Tx, clientId: number, now: Date): Promise<string> {
  const token = secretToken();
  const expiresAt = new Date(now.getTime() + CLIENT_SESSION_DAYS * 24 * 3600_000);
  await db
    .insert(clientSessions)
    .values({ clientId, tokenHash: tokenHash(token), expiresAt, createdAt: now });
  // Ended sessions of this client are useless: drop them while we are here.
  await db
    .delete(clientSessions)
    .where(and(eq(clientSessions.clientId, clientId), lt(clientSessions.expiresAt, now)));
  return token;
}

/** The organisation's client of a live session token, or undefined. */
export async function findClientBySession(
  db: Db | Tx,
  organisationId: number,
  token: string,
  now: Date,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select({ client: clients })
    .from(clientSessions)
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(
      and(
        eq(clientSessions.tokenHash, tokenHash(token)),
        gt(clientSessions.expiresAt, now),
        eq(clients.organisationId, organisationId),
      ),
    )
    .limit(1);
  return row?.client;
}

/** Logout: this browser's session ends; the client's other browsers stay logged in. */
export async function endClientSession(db: Db, token: string): Promise<void> {
  await db.delete(clientSessions).where(eq(clientSessions.tokenHash, tokenHash(token)));
}
