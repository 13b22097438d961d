import type { AppDeps, TypedApp } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { WebhookRejected, type PaymentOutcome } from '../../payments/gateway.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { settleOutcome } from '../../engine/settlement/settle-outcome.ts';
import { requestSettleContext } from './settle-context.ts';

/**
 * POST /api/payments/stripe/webhook, in its own encapsulated plugin: the
 * signature covers the exact bytes Stripe sent, so this scope alone keeps
 * the raw body (a Buffer) instead of parsed JSON. The signed webhook is the
 * only thing that marks a Stripe payment paid.
 */
export async function stripeWebhookRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const now = deps.now ?? (() => new Date());

  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    webhook.post('/payments/stripe/webhook', { schema: { hide: true } }, async (request) => {
      const stripe = deps.gateways.stripe;
      if (!stripe) throw paymentErrors.gatewayNotConfigured('stripe');
      if (!stripe.acceptsWebhooks) {
        // 503: Stripe retries for days, so nothing is lost once the secret is set.
        request.log.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
        throw new AppError(503, 'WEBHOOK_NOT_CONFIGURED', 'Webhooks are not configured');
      }
      if (!Buffer.isBuffer(request.body)) throw paymentErrors.invalidSignature();
      let outcome: PaymentOutcome | null;
      try {
        outcome = stripe.handleWebhook(request.body, request.headers);
      } catch (error) {
        if (error instanceof WebhookRejected) throw paymentErrors.invalidSignature();
        throw error;
      }
      if (outcome) await settleOutcome(requestSettleContext(deps, request), ['stripe'], outcome, now());
      return { received: true };
    });
  });
}
