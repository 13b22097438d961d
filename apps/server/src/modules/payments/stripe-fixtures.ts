/**
 * Test set-up for a shop paying through the fake Stripe API
 * (payments/fakes/fake-stripe.ts): the keys, the environment of a test app,
 * and webhook events signed the way Stripe signs them.
 */
import Stripe from 'stripe';
import type { App } from '../../deps.ts';
import { startFakeStripe } from '../../payments/fakes/fake-stripe.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { datedShow } from './payment-fixtures.ts';

export const STRIPE_SECRET_KEY = 'sk_test_kassa';
export const STRIPE_WEBHOOK_SECRET = 'whsec_kassa_test';

// Only for its webhook test helper: it signs the way Stripe does.
const signer = new Stripe('sk_test_signer');

/** The environment of a test app whose Stripe is the fake at `fakeUrl` (start it with STRIPE_SECRET_KEY). */
export function stripeEnv(fakeUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_kassa',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fakeUrl,
  };
}

/** A Checkout Session event about a Kassa payment (client_reference_id), paid. */
export function sessionEvent(type: string, eventId: string, sessionId: string, paymentHash: string) {
  return {
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: paymentHash,
        payment_status: 'paid',
      },
    },
  };
}

/** The Stripe-Signature header for `payload`, signed with `secret` at `timestamp` (default: now). */
export function signStripePayload(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** POST /api/payments/stripe/webhook with `event`, signed as signStripePayload signs it. */
export function postStripeEvent(
  app: App,
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = signStripePayload(payload, options);
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A Stripe shop on a test app against a fresh fake Stripe, with a 50-seat dated show to order. */
export async function startStripeShop(now: () => Date) {
  const fake = await startFakeStripe(STRIPE_SECRET_KEY);
  const test = await createTestApp(stripeEnv(fake.url), { now });
  const organisation = await createOrganisation(test.db, { paymentGateway: 'stripe', holdMinutes: 15 });
  const show = await datedShow(test.db, organisation.id, 50);
  return {
    fake,
    test,
    show,
    async close() {
      await test.close();
      await fake.close();
    },
  };
}
