import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { orders, organisations, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { verifyFormFields } from '../../payments/form-gateway.ts';
import { TEST_PAGE_ACTIONS } from '../../payments/test-gateway.ts';
import { afterSettle } from './after-settle.ts';
import { publicBaseUrl } from './base-url.ts';
import { paymentErrors } from './payment-errors.ts';
import { checkoutReturnPath } from './payment-paths.ts';
import { settlePayment } from './settle-payment.ts';
import { testPageHtml, unknownPaymentHtml } from './test-page.ts';

/** Payments the built-in page decides: the test gateway's, and the form gateway's once its POST checks out. */
const HOSTED_GATEWAYS = ['test', 'form'];

const hashParams = z.object({ hash: z.string().min(1).max(200) });
const actionBody = z.object({ action: z.enum(TEST_PAGE_ACTIONS) });
const formBody = z.object({
  payment: z.string().max(200),
  amount: z.string().max(20),
  currency: z.string().max(10),
  order: z.string().max(20),
  signature: z.string().max(200),
});

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/**
 * Pages Kassa serves for its own gateways, outside /api: the test gateway's
 * hosted page (Pay, Fail, Cancel), the form gateway's POST endpoint, and
 * the cancel URL providers send visitors back to.
 */
export async function hostedPaymentRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function hostedPayment(hash: string) {
    const [row] = await db
      .select({ payment: payments, order: orders, shop: organisations.name })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(organisations, eq(organisations.id, orders.organisationId))
      .where(and(eq(payments.hash, hash), inArray(payments.gateway, HOSTED_GATEWAYS)))
      .limit(1);
    if (!row) throw paymentErrors.notFound();
    return row;
  }

  async function renderPage(hash: string, reply: FastifyReply) {
    const { payment, order, shop } = await hostedPayment(hash);
    const html = testPageHtml({
      paymentHash: payment.hash,
      open: payment.status === 'OPEN' && order.status !== 'PAID',
      shop,
      orderNumber: order.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      language: order.language,
      returnPath: checkoutReturnPath(order.hash),
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .send(html);
  }

  await app.register(async (scope) => {
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    // The pages post plain HTML forms; parsed here only, not for the JSON API.
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    pages.get('/pay/test/:hash', { schema: { hide: true, params: hashParams } }, async (request, reply) => {
      try {
        return await renderPage(request.params.hash, reply);
      } catch (error) {
        // A person follows this link: an unknown one gets a page, not JSON.
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', PAGE_CSP)
          .send(unknownPaymentHtml(requestLanguage(request, 'en')));
      }
    });

    pages.post(
      '/pay/test/:hash',
      { schema: { hide: true, params: hashParams, body: actionBody } },
      async (request, reply) => {
        const { order, payment } = await hostedPayment(request.params.hash);
        // The page is the test gateway's, also for form payments past their signed POST.
        const outcome = await deps.gateways.test.handleReturn(payment, request.body);
        if (outcome) {
          const result = await settlePayment(db, HOSTED_GATEWAYS, outcome, now());
          await afterSettle(
            {
              db,
              gateways: deps.gateways,
              mailer: deps.mailer,
              log: request.log,
              baseUrl: publicBaseUrl(deps.config, request),
            },
            result,
          );
        }
        // 303: the browser follows with a GET, so a reload never posts again.
        return reply.redirect(checkoutReturnPath(order.hash), 303);
      },
    );

    pages.post(
      '/pay/form/:hash',
      { schema: { hide: true, params: hashParams, body: formBody } },
      async (request, reply) => {
        const secret = deps.gateways.formSecret;
        if (!secret) throw paymentErrors.gatewayNotConfigured('form');
        const { signature, ...fields } = request.body;
        const { payment } = await hostedPayment(request.params.hash);
        const matches =
          fields.payment === payment.hash &&
          fields.amount === String(payment.amountCents) &&
          fields.currency === payment.currency;
        if (!matches || !verifyFormFields(secret, fields, signature)) throw paymentErrors.invalidSignature();
        return renderPage(payment.hash, reply);
      },
    );

    pages.get('/pay/cancel/:hash', { schema: { hide: true, params: hashParams } }, async (request, reply) => {
      const [row] = await db
        .select({ gateway: payments.gateway, orderHash: orders.hash })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.hash, request.params.hash))
        .limit(1);
      if (!row) throw paymentErrors.notFound();
      // Only an open payment becomes CANCELLED; a webhook may still report it paid later, and wins.
      await settlePayment(
        db,
        [row.gateway],
        { status: 'CANCELLED', payment: { hash: request.params.hash } },
        now(),
      );
      return reply.redirect(checkoutReturnPath(row.orderHash), 303);
    });
  });
}
