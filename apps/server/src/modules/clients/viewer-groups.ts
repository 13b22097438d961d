import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clientGroupMembers, clients, clientSessions } from '../../db/schema.ts';
import { tokenHash } from '../../lib/secrets.ts';
import { bearerToken } from './bearer-token.ts';

/**
 * Group ids of the client whose live session token the request carries;
 * empty for anonymous visitors and for unknown or ended sessions (catalogue
 * reads never fail on a stale token: the visitor simply sees what everyone sees).
 */
export async function viewerGroupIds(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
  now: Date = new Date(),
): Promise<number[]> {
  const token = bearerToken(request);
  if (!token) return [];
  const rows = await db
    .select({ groupId: clientGroupMembers.groupId })
    .from(clientSessions)
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .innerJoin(clientGroupMembers, eq(clientGroupMembers.clientId, clients.id))
    .where(
      and(
        eq(clientSessions.tokenHash, tokenHash(token)),
        gt(clientSessions.expiresAt, now),
        eq(clients.organisationId, organisationId),
      ),
    );
  return rows.map((row) => row.groupId);
}
