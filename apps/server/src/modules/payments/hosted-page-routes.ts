import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { orders, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { TEST_PAGE_ACTIONS, testPaymentPath } from '../../payments/test-gateway.ts';
import { hostedPayment, parseUrlencodedForms, sendChoicesPage, sendPage } from './hosted-page.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { checkoutReturnPath } from '../../engine/hand-off/payment-paths.ts';
import { settleOutcome } from '../../engine/settlement/settle-outcome.ts';
import { requestSettleContext } from './settle-context.ts';
import { unknownPaymentHtml } from './test-page.ts';

const hashParams = z.object({ hash: text().min(1).max(200) });
const actionBody = z.object({ action: z.enum(TEST_PAGE_ACTIONS) });

/**
 * Pages Kassa serves outside /api: the test gateway's hosted page (Pay,
 * Fail, Cancel) for payments of the test gateway only — a shop chose it, it
 * is never another gateway's fallback — and the cancel URL providers send
 * visitors back to.
 */
export async function hostedPaymentRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  await app.register(async (scope) => {
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    parseUrlencodedForms(pages);

    pages.get('/pay/test/:hash', { schema: { hide: true, params: hashParams } }, async (request, reply) => {
      try {
        const found = await hostedPayment(db, request.params.hash, 'test');
        return sendChoicesPage(reply, found, { action: testPaymentPath(found.payment.hash) });
      } catch (error) {
        // A person follows this link: an unknown one gets a page, not JSON.
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return sendPage(reply, unknownPaymentHtml(requestLanguage(request, 'en')), 404);
      }
    });

    pages.post(
      '/pay/test/:hash',
      { schema: { hide: true, params: hashParams, body: actionBody } },
      async (request, reply) => {
        const { order, payment } = await hostedPayment(db, request.params.hash, 'test');
        const outcome = await deps.gateways.test.handleReturn(payment, request.body);
        if (outcome) await settleOutcome(requestSettleContext(deps, request), ['test'], outcome, now());
        // 303: the browser follows with a GET, so a reload never posts again.
        return reply.redirect(checkoutReturnPath(order.hash), 303);
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
      const context = requestSettleContext(deps, request);
      const outcome = { status: 'CANCELLED' as const, payment: { hash: request.params.hash } };
      await settleOutcome(context, [row.gateway], outcome, now());
      return reply.redirect(checkoutReturnPath(row.orderHash), 303);
    });
  });
}
