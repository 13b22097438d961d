import type { JoinWaitlistRequest } from '@kassa/domain/contract/waitlist';
import { isValidEmail } from '@kassa/domain/rules/field-patterns';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { capacityHolds, plots, products, waitlistEntries } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { AppError } from '../../lib/errors.ts';
import { normaliseLanguage } from '../../lib/language.ts';

export const waitlistErrors = {
  notFound: () => new AppError(404, 'PLOT_NOT_FOUND', 'This date or time slot does not exist'),
  notFull: () =>
    new AppError(409, 'PLOT_NOT_FULL', 'There are places left on this date or time slot: book them instead'),
  emailInvalid: () => new AppError(400, 'VALIDATION_ERROR', 'The e-mail address is not valid', 'email'),
};

/**
 * Puts a visitor on the waiting list of a plot of the product that has not
 * the places they ask for (decision 0252); joining again with the same
 * address and plot while waiting changes the number of places instead of
 * adding a second entry.
 */
export async function joinWaitlist(
  db: Db,
  organisationId: number,
  productId: number,
  request: JoinWaitlistRequest,
  now: Date,
) {
  const email = request.email.trim();
  if (!isValidEmail(email)) throw waitlistErrors.emailInvalid();
  const language = normaliseLanguage(request.language) ?? 'en';
  const [plot] = await db
    .select({ id: plots.id, capacity: plots.capacity })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(
      and(
        eq(plots.id, request.plotId),
        eq(plots.productId, productId),
        eq(products.organisationId, organisationId),
      ),
    );
  if (!plot) throw waitlistErrors.notFound();
  const [held] = await db
    .select({ seats: heldSeats })
    .from(capacityHolds)
    .where(and(eq(capacityHolds.plotId, plot.id), activeHold(now)));
  const left = plot.capacity === null ? Infinity : plot.capacity - (held?.seats ?? 0);
  if (left >= request.quantity) throw waitlistErrors.notFull();
  const [existing] = await db
    .update(waitlistEntries)
    .set({ quantity: request.quantity, language })
    .where(
      and(
        eq(waitlistEntries.plotId, plot.id),
        eq(waitlistEntries.status, 'WAITING'),
        sql`lower(${waitlistEntries.email}) = lower(${email})`,
      ),
    )
    .returning();
  const entry =
    existing ??
    (
      await db
        .insert(waitlistEntries)
        .values({
          organisationId,
          plotId: plot.id,
          email,
          language,
          quantity: request.quantity,
          createdAt: now,
        })
        .returning()
    )[0]!;
  return { plotId: entry.plotId, quantity: entry.quantity, email: entry.email, status: entry.status };
}
