import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../../lib/password-hash.ts';
import type { RateLimitRule } from '../../lib/rate-limit.ts';
import { normaliseEmail } from './staff-accounts.ts';
import { startStaffSession } from './staff-sessions.ts';

/**
 * Per client IP (decision 0007's database counters). Failed passwords per
 * account are the route's too (captcha/login-attempts.ts): they ask for a
 * captcha, never lock door staff out (decision 0201).
 */
export const STAFF_LOGIN_PER_IP: RateLimitRule = { name: 'staff-login-ip', max: 20, windowMs: 10 * 60_000 };

function refuse(): AppError {
  // One answer for an unknown e-mail, a wrong password and a disabled account.
  return new AppError(401, 'STAFF_LOGIN_FAILED', 'E-mail or password is not right');
}

export interface StaffLoginResult {
  token: string;
  expiresAt: Date;
  staff: { id: number; email: string; name: string; role: StaffRole };
}

export async function loginStaff(
  db: Db,
  input: { organisationId: number; email: string; password: string; now: Date },
): Promise<StaffLoginResult> {
  const email = normaliseEmail(input.email);
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, input.organisationId), eq(staffUsers.email, email)))
    .limit(1);
  if (!user?.passwordHash || user.disabledAt) {
    await verifyNothing(input.password);
    throw refuse();
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw refuse();
  if (needsRehash(user.passwordHash)) {
    await db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(staffUsers.id, user.id));
  }
  const session = await startStaffSession(db, user.id, input.now);
  return { ...session, staff: { id: user.id, email: user.email, name: user.name, role: user.role } };
}
