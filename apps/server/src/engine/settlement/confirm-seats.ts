import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { capacityHolds, plots, products } from '../../db/schema.ts';
import { isSeatShortage, takeSeats } from '../booking/take-seats.ts';

/**
 * Makes the order's seats its own for good, inside the transaction that
 * marks it paid. Its holds are released and taken again as PAID with the
 * same capacity check a booking makes (plots locked in id order, active
 * holds counted). While the hold lasts that always succeeds, as the order's
 * own seats are what it frees; after expiry (sweeper or not) it succeeds
 * only if nobody took the seats meanwhile. One path for both cases, so
 * however late a payment arrives, and whatever clock another instance used,
 * a paid order never oversells. Returns false when the seats are gone.
 */
export async function confirmSeats(tx: Tx, orderId: number, now: Date): Promise<boolean> {
  const holds = await tx
    .select({
      plotId: capacityHolds.plotId,
      quantity: capacityHolds.quantity,
      capacityType: products.capacityType,
    })
    .from(capacityHolds)
    .innerJoin(plots, eq(plots.id, capacityHolds.plotId))
    .innerJoin(products, eq(products.id, plots.productId))
    .where(eq(capacityHolds.orderId, orderId));
  if (holds.length === 0) return true;
  await tx.update(capacityHolds).set({ status: 'RELEASED' }).where(eq(capacityHolds.orderId, orderId));
  try {
    await takeSeats(
      tx,
      holds.map((hold) => ({
        plotId: hold.plotId,
        seats: hold.quantity,
        limited: hold.capacityType !== 'NONE',
        label: `Plot ${hold.plotId}`,
      })),
      { orderId, status: 'PAID', expiresAt: null },
      now,
    );
    return true;
  } catch (error) {
    // takeSeats found no room (or no more bookings) and inserted nothing; the transaction is still sound.
    if (isSeatShortage(error)) return false;
    throw error;
  }
}
