import type { ScanResult } from '@kassa/domain/contract/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { ScanOutcome } from './scan-outcome.ts';
import { loadTicketDetails, ticketAnswer } from './ticket-details.ts';
import { undoDeadline } from './undo-admission.ts';

/** The wire answer of a scan, with the ticket's details read after the admission committed. */
export async function scanAnswer(
  db: Db,
  ctx: ShopContext,
  scan: ScanOutcome,
  now: Date,
): Promise<ScanResult> {
  const [details] = scan.ticketId
    ? await loadTicketDetails(db, ctx, eq(tickets.id, scan.ticketId), scan.admissionId)
    : [];
  return {
    result: scan.result,
    admission_id: scan.admissionId,
    undo_until: scan.admissionId !== null && scan.result === 'VALID' ? undoDeadline(now).toISOString() : null,
    ticket: details ? ticketAnswer(details) : null,
    pass: scan.pass,
    admitted: scan.first ? { at: scan.first.at.toISOString(), by: scan.first.by } : null,
    rebooked_to: scan.rebookedTo,
  };
}
