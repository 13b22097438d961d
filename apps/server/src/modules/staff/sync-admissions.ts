import type { SyncRequest, SyncResult } from '@kassa/domain/contract/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { scanCode } from './scan-code.ts';
import type { StaffIdentity } from './staff-sessions.ts';
import { loadTicketDetails, ticketAnswer } from './ticket-details.ts';

/**
 * Admissions an offline scanner queued (decision 0094), admitted now in the
 * order they happened, each through the same exactly-once scan. A ticket let
 * in meanwhile by another scanner comes back as a duplicate: the visitor got
 * in twice, and today's page lists it. A device clock ahead of the server's
 * is taken as the server's now.
 */
export async function syncAdmissions(
  db: Db,
  ctx: ShopContext,
  staff: StaffIdentity,
  request: SyncRequest,
  now: Date,
): Promise<SyncResult> {
  const queued = [...request.admissions].sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at));
  const results: SyncResult['results'] = [];
  for (const item of queued) {
    const offlineAt = new Date(Math.min(Date.parse(item.scanned_at), now.getTime()));
    const scan = await scanCode(db, { ctx, staff, code: item.code, now, offlineAt });
    const [details] = scan.ticketId
      ? await loadTicketDetails(db, ctx, eq(tickets.id, scan.ticketId), scan.admissionId)
      : [];
    results.push({
      code: item.code,
      result: scan.result,
      duplicate: scan.duplicate,
      ticket: details ? ticketAnswer(details) : null,
      admitted: scan.first ? { at: scan.first.at.toISOString(), by: scan.first.by } : null,
    });
  }
  return { results };
}
