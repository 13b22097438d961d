import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { Payment } from '@kassa/domain/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, organisations, payments } from '../../db/schema.ts';
import { runShaped, StatementShapes } from '../../db/shaped-statements.ts';
import type { CreatedPayment } from '../../payments/gateway.ts';
import type { FreshPayment } from '../placement/order-answer.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { paymentErrors } from './payment-errors.ts';
import { checkoutReturnPath, paymentCancelPath } from './payment-paths.ts';
import { usableGateway } from './shop-gateway.ts';

export interface HandOffContext {
  db: Db;
  gateways: Gateways;
  log: FastifyBaseLogger;
  /** Absolute base URL of this server (PUBLIC_URL, else the request's own). */
  baseUrl: string;
}

type PaymentRow = typeof payments.$inferSelect;

function answer(
  row: Pick<PaymentRow, 'gateway' | 'type' | 'hash'>,
  response: Record<string, unknown>,
): Payment {
  return { gateway: row.gateway, type: row.type, hash: row.hash, transaction: { response } };
}

type OrganisationRow = typeof organisations.$inferSelect;

interface HandOffRow {
  payment: Pick<PaymentRow, 'hash' | 'gateway' | 'type' | 'response' | 'amountCents' | 'currency'>;
  order: { id: number; reference: string; hash: string; language: string };
  organisation: Pick<OrganisationRow, 'name'>;
}

async function findPayment(db: Db, paymentHash: string): Promise<HandOffRow | undefined> {
  const [row] = await db
    .select({ payment: payments, order: orders, organisation: { name: organisations.name } })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(payments.hash, paymentHash))
    .limit(1);
  return row;
}

/** The hand-off's answer stored on its payment: built once, prepared once per connection (decision 0281). */
const handOffShapes = new StatementShapes('hand_off');

function answerUpdate(db: Db) {
  return () =>
    db
      .update(payments)
      .set({
        type: sql.placeholder('type'),
        providerRef: sql.placeholder('providerRef'),
        response: sql.placeholder('response'),
        updatedAt: sql.placeholder('updatedAt'),
      } as never)
      .where(eq(payments.hash, sql.placeholder('hash')));
}

/** A payment just booked: open and never handed off, so its answer is still to be made. */
function freshRow(fresh: FreshPayment): HandOffRow {
  return {
    payment: { ...fresh.payment, type: 'REDIRECT', response: null },
    order: fresh.order,
    organisation: fresh.organisation,
  };
}

/**
 * The storefront's hand-off for an open payment (docs/storefront.md §4.13): the
 * gateway the payment row names (the shop's, written with the row) creates its
 * side of the payment, and the answer is stored on the row so a repeated
 * request (Idempotency-Key, reload) gets the same one. A payment whose first
 * hand-off failed or has not answered yet (the provider down or slow) is handed
 * off again through the same gateway: Stripe's idempotency key is the
 * payment's, so that is the same Checkout Session. `fresh` is a payment the
 * caller has just booked: nothing needs reading back.
 */
export async function handOffPayment(
  context: HandOffContext,
  paymentHash: string,
  fresh?: FreshPayment,
): Promise<Payment> {
  const { db } = context;
  const row = fresh ? freshRow(fresh) : await findPayment(db, paymentHash);
  if (!row) throw paymentErrors.notFound();
  const { payment, order, organisation } = row;
  if (payment.response) return answer(payment, payment.response);
  const gateway = usableGateway(context.gateways, payment.gateway, context.log, payment.currency);
  let created: CreatedPayment;
  try {
    created = await gateway.createPayment({
      paymentHash: payment.hash,
      orderHash: order.hash,
      orderNumber: formatOrderReference(order.reference),
      amountCents: payment.amountCents,
      currency: payment.currency,
      language: order.language,
      description: `${organisation.name} – ${formatOrderReference(order.reference)}`,
      returnUrl: `${context.baseUrl}${checkoutReturnPath(order.hash)}`,
      cancelUrl: `${context.baseUrl}${paymentCancelPath(payment.hash)}`,
      baseUrl: context.baseUrl,
    });
  } catch (error) {
    // The order keeps its hold; the visitor can try again from the return page.
    context.log.error({ err: error, gateway: gateway.name, order: order.id }, 'payment gateway failed');
    throw paymentErrors.gatewayUnavailable();
  }
  await runShaped(db, handOffShapes.get('answer', answerUpdate(db)), {
    type: created.type,
    providerRef: created.providerRef ?? null,
    response: created.response,
    updatedAt: new Date(),
    hash: payment.hash,
  });
  return answer({ gateway: payment.gateway, type: created.type, hash: payment.hash }, created.response);
}
