import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffSessions, staffUsers } from '../../db/schema.ts';
import { secretToken, tokenHash } from '../../lib/secrets.ts';

/** A staff device stays logged in for a working day and a bit (decision 0090). */
export const STAFF_SESSION_HOURS = 14;

export interface StaffIdentity {
  id: number;
  organisationId: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: number;
}

/** A new session for `staffUserId`: the bearer token (128 bits) is returned once and never stored. */
export async function startStaffSession(
  db: Db,
  staffUserId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = secretToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3600_000);
  await db.insert(staffSessions).values({ staffUserId, tokenHash: tokenHash(token), expiresAt });
  // Ended sessions of this person are useless: drop them while we are here.
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffUserId, staffUserId), lt(staffSessions.expiresAt, now)));
  return { token, expiresAt };
}

/** The staff member of a live session token in `organisationId`, or undefined. */
export async function findStaffSession(
  db: Db,
  organisationId: number,
  token: string,
  now: Date,
): Promise<StaffIdentity | undefined> {
  const [row] = await db
    .select({
      id: staffUsers.id,
      organisationId: staffUsers.organisationId,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      sessionId: staffSessions.id,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash(token)),
        gt(staffSessions.expiresAt, now),
        eq(staffUsers.organisationId, organisationId),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function endStaffSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}
