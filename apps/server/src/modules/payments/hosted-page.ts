import { formatOrderReference } from '@kassa/domain/rules/order-reference';
/** What the pages Kassa serves for its own gateways share: the payment lookup, the page reply, the form parser. */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, organisations, payments } from '../../db/schema.ts';
import type { TypedApp } from '../../deps.ts';
import type { GatewayName } from '../../payments/gateway.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { checkoutReturnPath } from '../../engine/hand-off/payment-paths.ts';
import { testPageHtml, type TestPageInput } from './test-page.ts';

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/**
 * A payment of `gateway` by its hash, with its order and shop: a page of
 * one gateway never serves (or settles) another gateway's payment.
 */
export async function hostedPayment(db: Db, hash: string, gateway: GatewayName) {
  const [row] = await db
    .select({ payment: payments, order: orders, shop: organisations.name })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(and(eq(payments.hash, hash), eq(payments.gateway, gateway)))
    .limit(1);
  if (!row) throw paymentErrors.notFound();
  return row;
}

export type HostedPayment = Awaited<ReturnType<typeof hostedPayment>>;

export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}

/** The choices page for a hosted payment; its buttons post `fields` and the choice to `action`. */
export function sendChoicesPage(
  reply: FastifyReply,
  { payment, order, shop }: HostedPayment,
  form: Pick<TestPageInput, 'action' | 'fields'>,
): FastifyReply {
  return sendPage(
    reply,
    testPageHtml({
      ...form,
      open: payment.status === 'OPEN' && (order.status === 'PENDING' || order.status === 'RESERVED'),
      shop,
      orderNumber: formatOrderReference(order.reference),
      amountCents: payment.amountCents,
      currency: payment.currency,
      language: order.language,
      returnPath: checkoutReturnPath(order.hash),
    }),
  );
}

/** The pages post plain HTML forms: parsed in the pages' own scope only, never for the JSON API. */
export function parseUrlencodedForms(scope: TypedApp): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
