import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { configuredGateway, isGatewayName, missingSettings, type Gateways } from '../../payments/gateways.ts';
import { paymentErrors } from './payment-errors.ts';

const warned = new Set<string>();

/**
 * The adapter for gateway `name` (a shop's choice for a new payment, or the
 * gateway a payment row was written with), when this server can use it.
 * Never a stand-in: an unknown gateway, or one without its settings here,
 * is PAYMENT_GATEWAY_NOT_CONFIGURED (the test page is nobody's fallback),
 * logged once per process with what to set.
 */
export function usableGateway(gateways: Gateways, name: string, log: FastifyBaseLogger): PaymentGateway {
  const gateway = configuredGateway(gateways, name);
  if (gateway) return gateway;
  if (!warned.has(name)) {
    warned.add(name);
    log.error(
      { gateway: name },
      isGatewayName(name)
        ? `payment gateway "${name}" is chosen but not configured (${missingSettings(name)}): payments are refused`
        : `payment gateway "${name}" is unknown: payments are refused`,
    );
  }
  throw paymentErrors.gatewayNotConfigured(name);
}
