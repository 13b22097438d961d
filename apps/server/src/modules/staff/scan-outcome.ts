import type { ScanResultCode, ScanSlot, ScannedPass } from '@kassa/domain/contract/staff';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { admissions, staffUsers } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { addPlotAdmissions } from '../../engine/door/plot-tallies.ts';
import { standingAdmission } from './ticket-details.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/** One scan, online or synced from an offline scanner. */
export interface ScanInput {
  ctx: ShopContext;
  staff: StaffIdentity;
  code: string;
  now: Date;
  /** The device's clock when it admitted offline (decision 0094); absent for a live scan. */
  offlineAt?: Date;
}

export interface FirstAdmission {
  id: number;
  at: Date;
  by: string;
  staffUserId: number | null;
  offlineAt: Date | null;
}

export interface ScanOutcome {
  result: ScanResultCode;
  ticketId: string | null;
  admissionId: number | null;
  /** ALREADY_USED: the admission that let the visitor in first. */
  first: FirstAdmission | null;
  /** An offline admission that found the ticket let in already: the visitor got in twice. */
  duplicate: boolean;
  rebookedTo: ScanSlot | null;
  pass: ScannedPass | null;
}

export function outcome(result: ScanResultCode, values: Partial<ScanOutcome> = {}): ScanOutcome {
  return {
    result,
    ticketId: null,
    admissionId: null,
    first: null,
    duplicate: false,
    rebookedTo: null,
    pass: null,
    ...values,
  };
}

/**
 * Writes an admission of `input`'s scan; null when a standing one was there
 * first (the unique index). A ticket's standing admission counts on its
 * plot in the same transaction (decision 0271).
 */
export async function insertAdmission(
  tx: Tx,
  input: ScanInput,
  row: { ticketId?: string; passId?: number; day: string; duplicateOf?: number },
  /** Tests only: the plot count's naive read-then-write (the race test's negative control). */
  options: { readModifyWrite?: boolean } = {},
): Promise<number | null> {
  const [admission] = await tx
    .insert(admissions)
    .values({
      organisationId: input.ctx.organisation.id,
      ...row,
      staffUserId: input.staff.id,
      scannedAt: input.now,
      offlineAt: input.offlineAt,
    })
    .onConflictDoNothing()
    .returning({ id: admissions.id });
  if (admission && row.ticketId && row.duplicateOf === undefined)
    await addPlotAdmissions(tx, 1, sql`a.id = ${admission.id}`, options);
  return admission?.id ?? null;
}

/** The standing admission matching `where` (a ticket's, or a pass's on a day), with who made it. */
export async function standingAdmissionOf(tx: Tx, where: SQL): Promise<FirstAdmission | null> {
  const [row] = await tx
    .select({
      id: admissions.id,
      scannedAt: admissions.scannedAt,
      offlineAt: admissions.offlineAt,
      staffUserId: admissions.staffUserId,
      name: staffUsers.name,
      email: staffUsers.email,
    })
    .from(admissions)
    .leftJoin(staffUsers, eq(staffUsers.id, admissions.staffUserId))
    .where(and(where, standingAdmission))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    at: row.offlineAt ?? row.scannedAt,
    by: row.name || row.email || '—',
    staffUserId: row.staffUserId,
    offlineAt: row.offlineAt,
  };
}

/**
 * What an offline admission that lost the race becomes: the same device's
 * own admission synced again (a retried sync) is no news; anyone else's
 * means the visitor got in twice, kept as a duplicate row for the report.
 */
export async function settleOfflineConflict(
  tx: Tx,
  input: ScanInput,
  first: FirstAdmission,
  row: { ticketId?: string; passId?: number; day: string },
): Promise<ScanOutcome> {
  const base = { ticketId: row.ticketId ?? null, first };
  if (!input.offlineAt) return outcome('ALREADY_USED', base);
  const replay =
    first.staffUserId === input.staff.id && first.offlineAt?.getTime() === input.offlineAt.getTime();
  if (replay) return outcome('VALID', { ...base, admissionId: first.id, first: null });
  const owner = row.ticketId ? eq(admissions.ticketId, row.ticketId) : eq(admissions.passId, row.passId ?? 0);
  // A retried sync reports the double entry again (its answer may have been lost) but records it once.
  const [recorded] = await tx
    .select({ id: admissions.id })
    .from(admissions)
    .where(
      and(
        owner,
        eq(admissions.duplicateOf, first.id),
        eq(admissions.staffUserId, input.staff.id),
        eq(admissions.offlineAt, input.offlineAt),
      ),
    )
    .limit(1);
  if (recorded) return outcome('ALREADY_USED', { ...base, duplicate: true });
  await insertAdmission(tx, input, { ...row, duplicateOf: first.id });
  return outcome('ALREADY_USED', { ...base, duplicate: true });
}
