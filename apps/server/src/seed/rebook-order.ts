import { capacityHolds, orderLines, orders, rebookingSecrets } from '../db/schema.ts';
import { issueTickets } from '../tickets/issue-tickets.ts';
import type { SeedContext } from './context.ts';
import { addDays, isWeekend } from './dates.ts';
import { DEMO_REBOOK_EMAIL, DEMO_REBOOK_ORDER_REFERENCE, DEMO_REBOOK_SECRET } from './demo-constants.ts';
import type { SeededPlot } from './plots.ts';
import type { SeededProducts } from './demo-catalogue-ids.ts';

const QUANTITY = 2;
const BOOKING_FEE_CENTS = 95;

/**
 * A paid order to rebook in the demo (decision 0040): two light-and-colour
 * tickets on the 11:00 slot of the first weekday a week or more ahead with
 * room. Seeded before any other order, with the fixed reference
 * DEMO_REBOOK_ORDER_REFERENCE (4821 0937 563), a fixed e-mail and its own public
 * rebooking secret, so the demo and the e2e suite can rebook it once.
 */
export async function seedRebookOrder(
  { tx, organisationId, now, today }: SeedContext,
  seeded: SeededPlot[],
  { productIds, priceCents }: SeededProducts,
): Promise<number> {
  const from = addDays(today, 7);
  const target = seeded.find(
    ({ plan }) =>
      plan.product === 'light-and-colour' &&
      plan.date !== null &&
      plan.date >= from &&
      !isWeekend(plan.date) &&
      plan.start === '11:00' &&
      plan.selectable &&
      plan.capacity !== null &&
      plan.sold + QUANTITY <= plan.capacity,
  );
  if (!target) throw new Error('the demo has no light-and-colour slot to seed the rebooking order on');
  const unitCents = target.plan.priceCents ?? priceCents['light-and-colour'];
  const subtotalCents = unitCents * QUANTITY;
  const [order] = await tx
    .insert(orders)
    .values({
      organisationId,
      hash: 'demo-rebook-order-7d3f0a9c2e51b846',
      reference: DEMO_REBOOK_ORDER_REFERENCE,
      kind: 'PRODUCT',
      status: 'PAID',
      customer: { first_name: 'Robin', last_name: 'Rebook', email: DEMO_REBOOK_EMAIL, fields: {} },
      language: 'en',
      subtotalCents,
      additionsCents: BOOKING_FEE_CENTS,
      totalCents: subtotalCents + BOOKING_FEE_CENTS,
      paidAt: now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await tx.insert(orderLines).values([
    {
      orderId,
      kind: 'PRODUCT',
      productId: productIds['light-and-colour'],
      plotId: target.id,
      quantity: QUANTITY,
      unitPriceCents: unitCents,
      totalCents: subtotalCents,
    },
    {
      orderId,
      kind: 'ADDITION',
      quantity: 1,
      unitPriceCents: BOOKING_FEE_CENTS,
      totalCents: BOOKING_FEE_CENTS,
    },
  ]);
  await tx.insert(capacityHolds).values({ orderId, plotId: target.id, quantity: QUANTITY, status: 'PAID' });
  await tx.insert(rebookingSecrets).values({ orderId, secret: DEMO_REBOOK_SECRET });
  await issueTickets(tx, orderId);
  return orderId;
}
