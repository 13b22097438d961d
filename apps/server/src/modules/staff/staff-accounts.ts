import { STAFF_PASSWORD_MIN_LENGTH } from '@kassa/domain/contract/staff-accounts';
import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password-hash.ts';

/** Staff passwords: long enough that the login rate limit leaves guessing hopeless. */
export const STAFF_PASSWORD_MIN = STAFF_PASSWORD_MIN_LENGTH;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The e-mail a staff account logs in with, normalised; 400 INVALID_EMAIL when it is none. */
export function checkStaffEmail(typed: string): string {
  const email = normaliseEmail(typed);
  if (!/^[^\s@]+@[^\s@]+$/.test(email))
    throw new AppError(400, 'INVALID_EMAIL', `Not an e-mail address: ${email}`);
  return email;
}

export function checkStaffPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new AppError(
      400,
      'PASSWORD_TOO_SHORT',
      `A staff password needs at least ${STAFF_PASSWORD_MIN} characters`,
    );
  }
}

/**
 * Adds a staff member to a shop, or sets the password of one who exists
 * (so the same command resets a forgotten password). A new account is door
 * staff unless a role is given; an existing one keeps its role unless a role
 * is given. Answers whether the account was created.
 */
export async function addStaffUser(
  db: Db,
  input: { organisationId: number; email: string; name?: string; password: string; role?: StaffRole },
): Promise<{ id: number; created: boolean }> {
  const email = checkStaffEmail(input.email);
  checkStaffPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(staffUsers)
    .values({
      organisationId: input.organisationId,
      email,
      name: input.name ?? '',
      passwordHash,
      role: input.role ?? 'door',
    })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  if (created) return { id: created.id, created: true };
  const [updated] = await db
    .update(staffUsers)
    .set({
      passwordHash,
      disabledAt: null,
      ...(input.name ? { name: input.name } : {}),
      ...(input.role ? { role: input.role } : {}),
    })
    .where(and(eq(staffUsers.organisationId, input.organisationId), eq(staffUsers.email, email)))
    .returning({ id: staffUsers.id });
  return { id: updated!.id, created: false };
}
