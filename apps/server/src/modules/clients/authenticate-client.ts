import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from './bearer-token.ts';
import { findClientBySession, type ClientRow } from './client-sessions.ts';

/** The client of the request's bearer session token; 401 UNAUTHENTICATED without a live one. */
export async function authenticateClient(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
  now: Date,
): Promise<{ client: ClientRow; token: string }> {
  const token = bearerToken(request);
  const client = token ? await findClientBySession(db, organisationId, token, now) : undefined;
  if (!client || !token) throw new AppError(401, 'UNAUTHENTICATED', 'A valid client token is required');
  return { client, token };
}
