import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from '../clients/bearer-token.ts';
import { findStaffSession, type StaffIdentity } from './staff-sessions.ts';

/**
 * The staff member of the request's bearer token; 401 STAFF_UNAUTHENTICATED
 * for no token, an ended session, another shop's staff, or a client token
 * (client tokens live in another table and never open a staff route).
 */
export async function authenticateStaff(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
  now: Date,
): Promise<StaffIdentity> {
  const token = bearerToken(request);
  const staff = token ? await findStaffSession(db, organisationId, token, now) : undefined;
  if (!staff) throw new AppError(401, 'STAFF_UNAUTHENTICATED', 'Log in as staff first');
  return staff;
}
