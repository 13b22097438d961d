import { count, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadOrderPasses } from '../subscriptions/load-passes.ts';
import { passesFileName, renderPassesPdf } from '../subscriptions/passes-pdf.ts';
import { clientSubscriptions, subscriptionOrders, subscriptionPasses } from '../../db/schema.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';

/** The passes a subscription order made or renewed (0 for an online subscription, or before it is paid). */
export async function passCount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ passes: count(subscriptionPasses.id) })
    .from(subscriptionOrders)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, subscriptionOrders.renewsClientSubscriptionId))
    .innerJoin(subscriptionPasses, eq(subscriptionPasses.clientSubscriptionId, clientSubscriptions.id))
    .where(eq(subscriptionOrders.orderId, orderId));
  const [own] = await db
    .select({ passes: count(subscriptionPasses.id) })
    .from(clientSubscriptions)
    .innerJoin(subscriptionPasses, eq(subscriptionPasses.clientSubscriptionId, clientSubscriptions.id))
    .where(eq(clientSubscriptions.orderId, orderId));
  return (row?.passes ?? 0) + (own?.passes ?? 0);
}

/** GET /api/orders/{hash}/passes.pdf: the same PDF the passes mail carries, once the order is paid. */
export async function sendPassesPdf(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  const passes =
    order.kind === 'SUBSCRIPTION' && order.status === 'PAID' ? await loadOrderPasses(db, order.id) : null;
  if (!passes || passes.passes.length === 0) throw paymentErrors.passesNotAvailable();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${passesFileName(passes.reference)}"`)
    .header('cache-control', 'private, no-store')
    .send(await renderPassesPdf(passes));
}
