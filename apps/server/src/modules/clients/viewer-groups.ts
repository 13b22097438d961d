import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clientGroupMembers, clients } from '../../db/schema.ts';
import { bearerToken } from './bearer-token.ts';

/**
 * Group ids of the client whose bearer token the request carries; empty for
 * anonymous visitors and for unknown tokens (catalogue reads never fail on a
 * stale token: the visitor simply sees what everyone sees).
 */
export async function viewerGroupIds(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
): Promise<number[]> {
  const token = bearerToken(request);
  if (!token) return [];
  const rows = await db
    .select({ groupId: clientGroupMembers.groupId })
    .from(clientGroupMembers)
    .innerJoin(clients, eq(clients.id, clientGroupMembers.clientId))
    .where(and(eq(clients.token, token), eq(clients.organisationId, organisationId)));
  return rows.map((row) => row.groupId);
}
