import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createFormGateway } from './form-gateway.ts';
import { GATEWAY_NAMES, type GatewayName, type PaymentGateway } from './gateway.ts';
import { createPayPalGateway } from './paypal-gateway.ts';
import { createStripeGateway, type StripeGateway } from './stripe-gateway.ts';
import { createTestGateway } from './test-gateway.ts';

/** Every adapter this server can use: test always, the others only when configured. */
export interface Gateways {
  test: PaymentGateway;
  stripe: StripeGateway | null;
  paypal: PaymentGateway | null;
  form: PaymentGateway | null;
  /** The form gateway's HMAC key, for its endpoint's check. */
  formSecret: string | null;
}

export type GatewayConfig = Pick<Config, 'stripe' | 'paypal' | 'formGatewaySecret'>;

export function createGateways(config: GatewayConfig): Gateways {
  const { stripe, paypal } = config;
  return {
    test: createTestGateway(),
    stripe: stripe.secretKey ? createStripeGateway({ ...stripe, secretKey: stripe.secretKey }) : null,
    paypal:
      paypal.clientId && paypal.clientSecret
        ? createPayPalGateway({
            clientId: paypal.clientId,
            clientSecret: paypal.clientSecret,
            apiUrl: paypal.apiUrl,
          })
        : null,
    form: config.formGatewaySecret ? createFormGateway(config.formGatewaySecret) : null,
    formSecret: config.formGatewaySecret ?? null,
  };
}

/** Names of the adapters that can take payments here. */
export function availableGateways(gateways: Gateways): GatewayName[] {
  return GATEWAY_NAMES.filter((name) => gateways[name] !== null);
}

const warned = new Set<string>();

/** The gateway called `name` when it is configured on this server, else null. */
export function configuredGateway(gateways: Gateways, name: string): PaymentGateway | null {
  return (GATEWAY_NAMES as readonly string[]).includes(name) ? gateways[name as GatewayName] : null;
}

/**
 * The organisation's gateway (organisations.payment_gateway). One that is
 * unknown or not configured on this server falls back to test, loudly: a
 * shop keeps selling in test mode rather than failing every order, and the
 * log says once per process which setting is missing.
 */
export function chooseGateway(gateways: Gateways, wanted: string, log: FastifyBaseLogger): PaymentGateway {
  const gateway = configuredGateway(gateways, wanted);
  if (gateway) return gateway;
  const known = (GATEWAY_NAMES as readonly string[]).includes(wanted) ? (wanted as GatewayName) : null;
  if (!warned.has(wanted)) {
    warned.add(wanted);
    log.error(
      { gateway: wanted },
      known
        ? `payment gateway "${wanted}" is chosen but not configured (${missingSettings(known)}); using the test gateway`
        : `payment gateway "${wanted}" is unknown; using the test gateway`,
    );
  }
  return gateways.test;
}

function missingSettings(name: GatewayName): string {
  if (name === 'stripe') return 'set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';
  if (name === 'paypal') return 'set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET';
  return 'set FORM_GATEWAY_SECRET';
}
