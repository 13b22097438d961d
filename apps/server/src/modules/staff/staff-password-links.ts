import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staffPasswordLinks, staffSessions, staffUsers } from '../../db/schema.ts';
import { appendAudit } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import type { RateLimitRule } from '../../lib/rate-limit.ts';
import { secretToken, tokenHash } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { checkStaffPassword } from './staff-accounts.ts';
import { staffPasswordLinkMailKind } from './staff-password-link-mail.ts';

/** Long enough for a new colleague to read their mail, short enough that an old mail is useless. */
export const STAFF_PASSWORD_LINK_HOURS = 48;
/** Per client IP on the public set-password route: tokens are 128 bits, this only keeps scripts slow. */
export const STAFF_PASSWORD_PER_IP: RateLimitRule = {
  name: 'staff-password-ip',
  max: 20,
  windowMs: 10 * 60_000,
};

/** Where the mail's link goes and in which words. */
export interface PasswordLinkMail {
  shopName: string;
  baseUrl: string;
  language: string;
}

/**
 * Mails `account` a single-use link to set their password, on the caller's
 * transaction (the mail goes out only if the change that asks for it
 * commits). A new link replaces the ones mailed before: only the latest works.
 */
export async function mailPasswordLink(
  tx: Tx,
  input: {
    organisationId: number;
    account: { id: number; email: string; name: string };
    welcome: boolean;
    mail: PasswordLinkMail;
    now: Date;
  },
): Promise<void> {
  const { account, now } = input;
  const token = secretToken();
  await tx
    .delete(staffPasswordLinks)
    .where(and(eq(staffPasswordLinks.staffUserId, account.id), isNull(staffPasswordLinks.usedAt)));
  await tx.insert(staffPasswordLinks).values({
    staffUserId: account.id,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + STAFF_PASSWORD_LINK_HOURS * 3600_000),
    createdAt: now,
  });
  await enqueueMail(
    tx,
    {
      kind: staffPasswordLinkMailKind,
      organisationId: input.organisationId,
      payload: {
        to: { name: account.name, address: account.email },
        shop: input.mail.shopName,
        url: `${input.mail.baseUrl}/staff/password?${new URLSearchParams({ token }).toString()}`,
        hours: STAFF_PASSWORD_LINK_HOURS,
        language: input.mail.language,
        welcome: input.welcome,
      },
    },
    now,
  );
}

/**
 * A mailed link's token and a new password → the account's password is set.
 * The link is spent in the statement that checks it (unused, not expired,
 * an active account of this shop), so it works once; the person's sessions
 * end, so a new password after a lost phone also logs that phone out.
 * One answer, 400 STAFF_PASSWORD_LINK_INVALID, for unknown, used and expired.
 */
export async function setPasswordWithLink(
  db: Db,
  input: { organisationId: number; token: string; password: string; now: Date },
): Promise<{ email: string }> {
  // Checked first: a password too short must not spend the link.
  checkStaffPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const activeStaff = tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.organisationId, input.organisationId), isNull(staffUsers.disabledAt)));
    const [link] = await tx
      .update(staffPasswordLinks)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(staffPasswordLinks.tokenHash, tokenHash(input.token)),
          isNull(staffPasswordLinks.usedAt),
          gt(staffPasswordLinks.expiresAt, input.now),
          inArray(staffPasswordLinks.staffUserId, activeStaff),
        ),
      )
      .returning({ staffUserId: staffPasswordLinks.staffUserId });
    if (!link) {
      throw new AppError(
        400,
        'STAFF_PASSWORD_LINK_INVALID',
        'This link was used already or has expired: ask a manager for a new one',
      );
    }
    const [account] = await tx
      .update(staffUsers)
      .set({ passwordHash })
      .where(eq(staffUsers.id, link.staffUserId))
      .returning({ id: staffUsers.id, email: staffUsers.email });
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, account!.id));
    await appendAudit(tx, {
      organisationId: input.organisationId,
      actor: { kind: 'staff', staffUserId: account!.id, email: account!.email },
      action: 'staff.password_set',
      subject: account!.email,
    });
    return { email: account!.email };
  });
}
