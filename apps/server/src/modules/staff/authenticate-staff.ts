import { staffMay, type StaffPermission } from '@kassa/domain/rules/staff-role';
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

/**
 * The staff member of the request, if their role allows `permission`;
 * 403 STAFF_FORBIDDEN otherwise. Every staff route but login goes through
 * this: the staff app hiding a button is never the check.
 */
export async function authoriseStaff(
  db: Db,
  organisationId: number,
  request: FastifyRequest,
  now: Date,
  permission: StaffPermission,
): Promise<StaffIdentity> {
  const staff = await authenticateStaff(db, organisationId, request, now);
  if (!staffMay(staff.role, permission)) {
    throw new AppError(403, 'STAFF_FORBIDDEN', 'Your staff role does not allow this');
  }
  return staff;
}
