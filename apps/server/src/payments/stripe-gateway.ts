import Stripe from 'stripe';
import { WebhookRejected, type PaymentGateway, type PaymentOutcome } from './gateway.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** STRIPE_API_URL: another API host (the tests' fake); default Stripe's own. */
  apiUrl: string | undefined;
}

/** Seconds a signed webhook may be old: Stripe's documented default, against replays of captured requests. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The SDK client, pointed at STRIPE_API_URL when one is set. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 1 });
  const url = new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

export interface StripeGateway extends PaymentGateway {
  /** False without STRIPE_WEBHOOK_SECRET: then no webhook can be trusted, and none is read. */
  readonly acceptsWebhooks: boolean;
  /**
   * Expires an open Checkout Session (an order given up on its way back from
   * Checkout, decision 0146), so the visitor cannot pay it afterwards.
   */
  expireSession(sessionId: string): Promise<void>;
}

/** The payment an event's checkout session belongs to: Kassa's hash went in as client_reference_id. */
function sessionPayment(session: Stripe.Checkout.Session): PaymentOutcome['payment'] {
  return session.client_reference_id ? { hash: session.client_reference_id } : { providerRef: session.id };
}

/**
 * Stripe Checkout (type CUSTOM): a Checkout Session is created here and the
 * storefront redirects to its hosted page. Only the signed webhook marks a
 * payment paid; the visitor coming back proves nothing.
 */
export function createStripeGateway(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
): StripeGateway {
  return {
    name: 'stripe',
    acceptsWebhooks: Boolean(settings.webhookSecret),
    async createPayment(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentHash,
          metadata: { payment_hash: request.paymentHash, order_number: request.orderNumber },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          locale: request.language as Stripe.Checkout.SessionCreateParams.Locale,
        },
        // One session per Kassa payment, even when the create call is retried.
        { idempotencyKey: `kassa-payment-${request.paymentHash}` },
      );
      return {
        type: 'CUSTOM',
        response: {
          sessionId: session.id,
          publishableKey: settings.publishableKey ?? null,
          url: session.url,
        },
        providerRef: session.id,
      };
    },
    // Refunds.create on the session's PaymentIntent (a Checkout Session itself cannot be refunded).
    async refund(request) {
      if (!request.providerRef) throw new Error('a Stripe payment without its Checkout Session id');
      const session = await stripe.checkout.sessions.retrieve(request.providerRef);
      const intent = session.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent) throw new Error(`Checkout Session ${session.id} has no PaymentIntent to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          // In the smallest unit, as the payment was: part of it, or all of it.
          amount: request.amountCents,
          reason: request.reason === 'DUPLICATE' ? 'duplicate' : 'requested_by_customer',
          metadata: { payment_hash: request.paymentHash, kassa_reason: request.reason.toLowerCase() },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundRef: refund.id };
    },
    async expireSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    // The visitor coming back from Checkout proves nothing; the webhook says.
    handleReturn: async () => null,
    // Verifies the signature and its age on the raw bytes Stripe sent.
    handleWebhook(rawBody, headers) {
      if (!settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookRejected('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'signature not valid');
      }
      switch (event.type) {
        case 'checkout.session.completed':
          // Delayed methods (bank debits) complete unpaid and succeed later, in the event below.
          if (event.data.object.payment_status !== 'paid') return null;
          return { status: 'PAID', payment: sessionPayment(event.data.object), eventId: event.id };
        case 'checkout.session.async_payment_succeeded':
          return { status: 'PAID', payment: sessionPayment(event.data.object), eventId: event.id };
        case 'checkout.session.async_payment_failed':
          return { status: 'FAILED', payment: sessionPayment(event.data.object), eventId: event.id };
        case 'checkout.session.expired':
          return { status: 'EXPIRED', payment: sessionPayment(event.data.object), eventId: event.id };
        default:
          return null;
      }
    },
  };
}
