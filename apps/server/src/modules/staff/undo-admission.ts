import { UNDO_WINDOW_MINUTES } from '@kassa/domain/rules/admission';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissions, clientSubscriptions, subscriptionPasses } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { addPlotAdmissions } from '../../engine/door/plot-tallies.ts';

export function undoDeadline(scannedAt: Date): Date {
  return new Date(scannedAt.getTime() + UNDO_WINDOW_MINUTES * 60_000);
}

/**
 * Takes an admission back within UNDO_WINDOW_MINUTES of the scan, by any
 * staff member of the shop: the ticket can be scanned again, and a pass gets
 * its redemption back. One conditional update decides, so two undos of the
 * same admission give back one redemption.
 */
export async function undoAdmission(
  db: Db,
  input: { organisationId: number; admissionId: number; staffUserId: number; now: Date },
): Promise<void> {
  const windowStart = new Date(input.now.getTime() - UNDO_WINDOW_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    const [undone] = await tx
      .update(admissions)
      .set({ undoneAt: input.now, undoneBy: input.staffUserId })
      .where(
        and(
          eq(admissions.id, input.admissionId),
          eq(admissions.organisationId, input.organisationId),
          isNull(admissions.undoneAt),
          isNull(admissions.duplicateOf),
          gt(admissions.scannedAt, windowStart),
        ),
      )
      .returning({ passId: admissions.passId, ticketId: admissions.ticketId });
    if (!undone) throw await whyNot(tx, input.organisationId, input.admissionId);
    // The ticket's plot counts one fewer let in, in this transaction (decision 0271).
    if (undone.ticketId !== null) await addPlotAdmissions(tx, -1, sql`a.id = ${input.admissionId}`);
    if (undone.passId === null) return;
    const holding = tx
      .select({ id: subscriptionPasses.clientSubscriptionId })
      .from(subscriptionPasses)
      .where(eq(subscriptionPasses.id, undone.passId));
    await tx
      .update(clientSubscriptions)
      .set({ availableRedemptions: sql`${clientSubscriptions.availableRedemptions} + 1` })
      .where(
        and(sql`${clientSubscriptions.id} in ${holding}`, ne(clientSubscriptions.availableRedemptions, -1)),
      );
  });
}

async function whyNot(db: Db | Tx, organisationId: number, admissionId: number): Promise<AppError> {
  const [row] = await db
    .select({ undoneAt: admissions.undoneAt, duplicateOf: admissions.duplicateOf })
    .from(admissions)
    .where(and(eq(admissions.id, admissionId), eq(admissions.organisationId, organisationId)));
  if (!row || row.duplicateOf !== null) return new AppError(404, 'ADMISSION_NOT_FOUND', 'No such admission');
  if (row.undoneAt) return new AppError(409, 'ADMISSION_ALREADY_UNDONE', 'This admission was undone already');
  return new AppError(
    409,
    'UNDO_WINDOW_PASSED',
    `An admission can be undone for ${UNDO_WINDOW_MINUTES} minutes`,
  );
}
