import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { formPaymentPath, verifyFormFields } from '../../payments/form-gateway.ts';
import { TEST_PAGE_ACTIONS } from '../../payments/test-gateway.ts';
import { hostedPayment, parseUrlencodedForms, sendChoicesPage } from './hosted-page.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { checkoutReturnPath } from '../../engine/hand-off/payment-paths.ts';
import { settleOutcome } from '../../engine/settlement/settle-outcome.ts';
import { requestSettleContext } from './settle-context.ts';

const hashParams = z.object({ hash: text().min(1).max(200) });
const formBody = z.object({
  payment: text().max(200),
  amount: text().max(20),
  currency: text().max(10),
  order: text().max(20),
  signature: text().max(200),
  /** Absent on the storefront's POST (show the choices); the choice when a button was pressed. */
  action: z.enum(TEST_PAGE_ACTIONS).optional(),
});

/**
 * The form gateway's endpoint (decision 0020): the storefront posts the
 * signed form here and gets the choices page; each choice posts the same
 * signed fields back with the button pressed, so the form gateway's
 * payments are settled here, against their signature, and never through
 * the test gateway's page.
 */
export async function formGatewayRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  await app.register(async (scope) => {
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    parseUrlencodedForms(pages);

    pages.post(
      '/pay/form/:hash',
      { schema: { hide: true, params: hashParams, body: formBody } },
      async (request, reply) => {
        const secret = deps.gateways.formSecret;
        if (!secret) throw paymentErrors.gatewayNotConfigured('form');
        const { signature, action, ...fields } = request.body;
        const found = await hostedPayment(db, request.params.hash, 'form');
        const { payment, order } = found;
        const matches =
          fields.payment === payment.hash &&
          fields.amount === String(payment.amountCents) &&
          fields.currency === payment.currency;
        if (!matches || !verifyFormFields(secret, fields, signature)) throw paymentErrors.invalidSignature();
        if (!action) {
          return sendChoicesPage(reply, found, {
            action: formPaymentPath(payment.hash),
            fields: { ...fields, signature },
          });
        }
        const outcome = await deps.gateways.form?.handleReturn(payment, { action });
        if (outcome) await settleOutcome(requestSettleContext(deps, request), ['form'], outcome, now());
        return reply.redirect(checkoutReturnPath(order.hash), 303);
      },
    );
  });
}
