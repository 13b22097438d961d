import type { StaffAccount } from '@kassa/domain/contract/staff-accounts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { normaliseEmail } from './staff-accounts.ts';

type StaffRow = typeof staffUsers.$inferSelect;

/** A staff account as a manager sees it: never its password hash. */
export function toStaffAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.disabledAt === null,
    password_set: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The shop's staff accounts by e-mail, the disabled ones included. */
export async function listStaffAccounts(db: Db, organisationId: number): Promise<StaffAccount[]> {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisationId))
    .orderBy(asc(staffUsers.email));
  return rows.map(toStaffAccount);
}

/** The id of the shop's staff account with this e-mail (the shop command names people so); 404 STAFF_NOT_FOUND. */
export async function staffIdByEmail(db: Db, organisationId: number, email: string): Promise<number> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.email, normaliseEmail(email))));
  if (!row) throw staffNotFound();
  return row.id;
}

export function staffNotFound(): AppError {
  return new AppError(404, 'STAFF_NOT_FOUND', 'This staff account does not exist');
}

/** The shop's account `id`, locked (FOR NO KEY UPDATE) for the rest of the transaction; 404 STAFF_NOT_FOUND. */
export async function lockStaffAccount(tx: Tx, organisationId: number, id: number): Promise<StaffRow> {
  const [row] = await tx
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.organisationId, organisationId)))
    .for('no key update');
  if (!row) throw staffNotFound();
  return row;
}
