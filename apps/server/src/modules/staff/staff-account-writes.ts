/**
 * What a manager does to staff accounts (decision 0245): add, change name
 * and role, disable and enable, mail a set-password link. Each is one
 * transaction that also appends its audit entry; a change that can take a
 * manager away first locks the shop's active managers, so the last one
 * cannot be demoted or disabled, not even by two managers at once.
 */
import type { StaffAccount } from '@kassa/domain/contract/staff-accounts';
import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffPasswordLinks, staffSessions, staffUsers } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { keepAManager, lockActiveManagers } from './last-manager.ts';
import { lockStaffAccount, toStaffAccount } from './staff-account-list.ts';
import { checkStaffEmail } from './staff-accounts.ts';
import { mailPasswordLink, type PasswordLinkMail } from './staff-password-links.ts';

interface AccountWrite {
  organisationId: number;
  actor: AuditActor;
  now: Date;
}

/** A new account without a password: the person sets one through the link mailed to them. */
export async function addStaffAccount(
  db: Db,
  input: AccountWrite & { email: string; name: string; role: StaffRole; mail: PasswordLinkMail },
): Promise<StaffAccount> {
  const email = checkStaffEmail(input.email);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ organisationId: input.organisationId, email, name: input.name, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'STAFF_EMAIL_TAKEN', 'A staff account with this e-mail exists');
    await mailPasswordLink(tx, {
      organisationId: input.organisationId,
      account: row,
      welcome: true,
      mail: input.mail,
      now: input.now,
    });
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: 'staff.add',
      subject: email,
      after: { email, name: row.name, role: row.role },
    });
    return toStaffAccount(row);
  });
}

/** A new name and/or role; only what really changes is written and logged. */
export async function changeStaffAccount(
  db: Db,
  input: AccountWrite & { id: number; name?: string; role?: StaffRole },
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const managers = await lockActiveManagers(tx, input.organisationId);
    const current = await lockStaffAccount(tx, input.organisationId, input.id);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== current.name) {
      before.name = current.name;
      after.name = input.name;
    }
    if (input.role !== undefined && input.role !== current.role) {
      if (input.role !== 'manager') keepAManager(managers, current.id);
      before.role = current.role;
      after.role = input.role;
    }
    if (Object.keys(after).length === 0) return toStaffAccount(current);
    const [row] = await tx.update(staffUsers).set(after).where(eq(staffUsers.id, current.id)).returning();
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: 'staff.change',
      subject: current.email,
      before,
      after,
    });
    return toStaffAccount(row!);
  });
}

/**
 * Disables or enables an account. Disabling ends the person's sessions and
 * voids their unused set-password links in the same transaction, so their
 * next request is refused at once; enabling lets them log in again.
 */
export async function setStaffAccountActive(
  db: Db,
  input: AccountWrite & { id: number; active: boolean },
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const managers = await lockActiveManagers(tx, input.organisationId);
    const current = await lockStaffAccount(tx, input.organisationId, input.id);
    if ((current.disabledAt === null) === input.active) return toStaffAccount(current);
    if (!input.active) {
      keepAManager(managers, current.id);
      await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, current.id));
      await tx
        .delete(staffPasswordLinks)
        .where(and(eq(staffPasswordLinks.staffUserId, current.id), isNull(staffPasswordLinks.usedAt)));
    }
    const [row] = await tx
      .update(staffUsers)
      .set({ disabledAt: input.active ? null : input.now })
      .where(eq(staffUsers.id, current.id))
      .returning();
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: input.active ? 'staff.enable' : 'staff.disable',
      subject: current.email,
      before: { active: !input.active },
      after: { active: input.active },
    });
    return toStaffAccount(row!);
  });
}

/** Mails an active account a new set-password link (its current password works until it is used). */
export async function sendStaffPasswordLink(
  db: Db,
  input: AccountWrite & { id: number; mail: PasswordLinkMail },
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const current = await lockStaffAccount(tx, input.organisationId, input.id);
    if (current.disabledAt !== null) {
      throw new AppError(409, 'STAFF_DISABLED', 'This account is disabled: enable it first');
    }
    await mailPasswordLink(tx, {
      organisationId: input.organisationId,
      account: current,
      welcome: current.passwordHash === null,
      mail: input.mail,
      now: input.now,
    });
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: 'staff.password_link',
      subject: current.email,
    });
    return toStaffAccount(current);
  });
}
