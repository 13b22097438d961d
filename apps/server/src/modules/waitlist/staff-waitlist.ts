import type { StaffWaitlist } from '@kassa/domain/contract/waitlist';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plots, products, waitlistEntries } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ShopContext } from '../../lib/context.ts';

/** A plot's waiting list for staff, in line order; only waiting entries have a position. */
export async function staffWaitlist(db: Db, ctx: ShopContext, plotId: number): Promise<StaffWaitlist> {
  const [plot] = await db
    .select({
      id: plots.id,
      title: products.title,
      date: plots.date,
      startTime: plots.startTime,
      capacity: plots.capacity,
    })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(and(eq(plots.id, plotId), eq(products.organisationId, ctx.organisation.id)));
  if (!plot) throw notFound('PLOT_NOT_FOUND', 'This date or time slot does not exist');
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.plotId, plotId))
    .orderBy(asc(waitlistEntries.id));
  let position = 0;
  return {
    plot: {
      id: plot.id,
      product: ctx.text(plot.title),
      date: plot.date,
      startTime: plot.startTime?.slice(0, 5) ?? null,
      capacity: plot.capacity,
    },
    entries: rows.map((row) => ({
      id: row.id,
      position: row.status === 'WAITING' ? ++position : null,
      email: row.email,
      quantity: row.quantity,
      language: row.language,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    })),
  };
}
