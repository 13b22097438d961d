import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Locks the shop's active managers (FOR NO KEY UPDATE, in id order) and
 * answers their ids. A write that can take a manager away takes this lock
 * first, so two managers demoting or disabling each other at the same moment
 * run one after the other, and the second sees the first's change (decision
 * 0245). NO KEY UPDATE, not UPDATE: rows that merely point at a staff member
 * (sessions, audit entries) can still be written meanwhile.
 */
export async function lockActiveManagers(tx: Tx, organisationId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.organisationId, organisationId),
        eq(staffUsers.role, 'manager'),
        isNull(staffUsers.disabledAt),
      ),
    )
    .orderBy(asc(staffUsers.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

/**
 * Refuses (409 STAFF_LAST_MANAGER) a change that takes `staffUserId` out of
 * the active managers when no other is left: a shop that has a manager keeps
 * one, so someone can always manage its staff in the browser.
 */
export function keepAManager(activeManagers: readonly number[], staffUserId: number): void {
  if (activeManagers.includes(staffUserId) && activeManagers.length === 1) {
    throw new AppError(
      409,
      'STAFF_LAST_MANAGER',
      'The shop needs an active manager: make someone else manager first',
    );
  }
}
