import type { OfflineList } from '@kassa/domain/contract/staff';
import { and, eq, isNull, or } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { orders, plots, tickets } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import { loadTicketDetails, ticketAnswer } from './ticket-details.ts';

/** What an offline scanner compares a scanned code with: SHA-256, hex. The browser computes the same. */
export function codeHash(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

/**
 * The tickets a scanner may let in today without the server (decision
 * 0094): paid tickets for today's plots and open tickets (no day), each as
 * the SHA-256 of its secret, so a lost phone's copy opens no door.
 */
export async function offlineList(db: Db, ctx: ShopContext, now: Date): Promise<OfflineList> {
  const day = zonedNow(now, ctx.organisation.timeZone).date;
  const details = await loadTicketDetails(
    db,
    ctx,
    // A cancelled ticket is left out: offline, it is an unknown code (decision 0236).
    and(eq(orders.status, 'PAID'), isNull(tickets.cancelledAt), or(eq(plots.date, day), isNull(plots.date)))!,
  );
  return {
    day,
    generated_at: now.toISOString(),
    tickets: details.map((ticket) => ({
      hash: codeHash(ticket.secret),
      admitted: ticket.admitted,
      ticket: ticketAnswer(ticket),
    })),
  };
}
