import type { FastifyRequest } from 'fastify';

/** Longest token worth looking up; anything longer cannot be a client token. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The token of `Authorization: Bearer <token>`, or undefined when the header
 * is missing, uses another scheme or carries an implausible token.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  return token;
}
