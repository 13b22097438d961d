import { gatewayOnlyCurrency } from '@kassa/domain/rules/gateway-currency';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { configuredGateway, isGatewayName, missingSettings, type Gateways } from '../../payments/gateways.ts';
import { paymentErrors } from './payment-errors.ts';

const warned = new Set<string>();

/** Logs `message` once per process for `key`: a misconfigured shop would otherwise log every order. */
function warnOnce(
  log: FastifyBaseLogger,
  key: string,
  fields: Record<string, string>,
  message: string,
): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.error(fields, message);
}

/**
 * The adapter for gateway `name` (a shop's choice for a new payment, or the
 * gateway a payment row was written with), when this server can use it for
 * a payment in `currency`.
 * Never a stand-in: an unknown gateway, or one without its settings here,
 * is PAYMENT_GATEWAY_NOT_CONFIGURED (the test page is nobody's fallback);
 * a gateway that charges another currency only (PayPal, EUR) is
 * PAYMENT_CURRENCY_NOT_SUPPORTED, as it would charge the amount in its own
 * (decision 0181). Each is logged once per process with what to change.
 */
export function usableGateway(
  gateways: Gateways,
  name: string,
  log: FastifyBaseLogger,
  currency: string,
): PaymentGateway {
  const gateway = configuredGateway(gateways, name);
  if (!gateway) {
    warnOnce(
      log,
      name,
      { gateway: name },
      isGatewayName(name)
        ? `payment gateway "${name}" is chosen but not configured (${missingSettings(name)}): payments are refused`
        : `payment gateway "${name}" is unknown: payments are refused`,
    );
    throw paymentErrors.gatewayNotConfigured(name);
  }
  const only = gatewayOnlyCurrency(name);
  if (only !== null && only !== currency) {
    warnOnce(
      log,
      `${name} ${currency}`,
      { gateway: name, currency },
      `payment gateway "${name}" charges in ${only} only and the shop's currency is ${currency}: payments are refused`,
    );
    throw paymentErrors.currencyNotSupported(name, currency);
  }
  return gateway;
}
