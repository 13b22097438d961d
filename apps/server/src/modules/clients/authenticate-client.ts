import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from './bearer-token.ts';
import { findClientByToken, type ClientRow } from './find-client.ts';

/** The client of the request's bearer token; 401 UNAUTHENTICATED without a valid one. */
export async function authenticateClient(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
): Promise<ClientRow> {
  const token = bearerToken(request);
  const client = token ? await findClientByToken(db, organisationId, token) : undefined;
  if (!client) throw new AppError(401, 'UNAUTHENTICATED', 'A valid client token is required');
  return client;
}
