import type { ScannedPass } from '@kassa/domain/contract/staff';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admissions, clientSubscriptions, subscriptionPasses, subscriptions } from '../../db/schema.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import {
  insertAdmission,
  outcome,
  settleOfflineConflict,
  standingAdmissionOf,
  type ScanInput,
  type ScanOutcome,
} from './scan-outcome.ts';

/** Thrown inside the transaction to roll the admission back when no redemption is left. */
class NoRedemptionLeft extends Error {}

/**
 * Scans a subscription pass (decision 0091): its holder is let in once per
 * day, and each admission takes one redemption of the subscription (none
 * for an unlimited one, -1). The admission insert (unique per pass and day)
 * and the conditional redemption update commit together or not at all.
 * Null when the code is no pass of this shop.
 */
export async function scanPass(db: Db, input: ScanInput): Promise<ScanOutcome | null> {
  const [pass] = await db
    .select({
      id: subscriptionPasses.id,
      holder: subscriptionPasses.fullName,
      avatar: subscriptionPasses.avatar,
      holdingId: clientSubscriptions.id,
      redemptions: clientSubscriptions.availableRedemptions,
      expiresAt: clientSubscriptions.expiresAt,
      title: subscriptions.title,
    })
    .from(subscriptionPasses)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, subscriptionPasses.clientSubscriptionId))
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(
      and(
        eq(subscriptionPasses.secret, input.code),
        eq(subscriptions.organisationId, input.ctx.organisation.id),
      ),
    )
    .limit(1);
  if (!pass) return null;
  const zone = input.ctx.organisation.timeZone;
  const at = input.offlineAt ?? input.now;
  const day = zonedNow(at, zone).date;
  const describe = (left: number): ScannedPass => ({
    holder: pass.holder,
    avatar: pass.avatar,
    subscription: input.ctx.text(pass.title),
    redemptions_left: left,
    expires: zonedNow(pass.expiresAt, zone).date,
  });
  if (pass.expiresAt.getTime() <= at.getTime())
    return outcome('PASS_EXPIRED', { pass: describe(pass.redemptions) });
  const today = and(eq(admissions.passId, pass.id), eq(admissions.day, day))!;
  try {
    return await db.transaction(async (tx) => {
      const row = { passId: pass.id, day };
      const earlier = await standingAdmissionOf(tx, today);
      if (earlier)
        return {
          ...(await settleOfflineConflict(tx, input, earlier, row)),
          pass: describe(pass.redemptions),
        };
      const admission = await insertAdmission(tx, input, row);
      if (admission === null) {
        const winner = await standingAdmissionOf(tx, today);
        const settled = winner
          ? await settleOfflineConflict(tx, input, winner, row)
          : outcome('ALREADY_USED');
        return { ...settled, pass: describe(pass.redemptions) };
      }
      const [taken] = await tx
        .update(clientSubscriptions)
        .set({
          availableRedemptions: sql`CASE WHEN ${clientSubscriptions.availableRedemptions} = -1 THEN -1
            ELSE ${clientSubscriptions.availableRedemptions} - 1 END`,
        })
        .where(
          and(
            eq(clientSubscriptions.id, pass.holdingId),
            or(
              eq(clientSubscriptions.availableRedemptions, -1),
              gte(clientSubscriptions.availableRedemptions, 1),
            ),
          ),
        )
        .returning({ left: clientSubscriptions.availableRedemptions });
      if (!taken) throw new NoRedemptionLeft();
      return outcome('VALID', { admissionId: admission, pass: describe(taken.left) });
    });
  } catch (error) {
    if (error instanceof NoRedemptionLeft) return outcome('NO_REDEMPTIONS_LEFT', { pass: describe(0) });
    throw error;
  }
}
