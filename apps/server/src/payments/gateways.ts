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

/** The gateway called `name` when it is configured on this server, else null (unknown names too). */
export function configuredGateway(gateways: Gateways, name: string): PaymentGateway | null {
  return isGatewayName(name) ? gateways[name] : null;
}

export function isGatewayName(name: string): name is GatewayName {
  return (GATEWAY_NAMES as readonly string[]).includes(name);
}

/** What an operator must set for a gateway to work here. */
export function missingSettings(name: GatewayName): string {
  if (name === 'stripe') return 'set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';
  if (name === 'paypal') return 'set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET';
  return 'set FORM_GATEWAY_SECRET';
}
