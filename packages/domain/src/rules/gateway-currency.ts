/**
 * Which currencies a payment gateway can charge (decision 0181). PayPal's
 * wallet is in EUR and Kassa does not convert: an amount in another
 * currency would be charged as that many euros. The other gateways charge
 * in the shop's own currency.
 */

/** The one currency PayPal payments are made in. */
export const PAYPAL_CURRENCY = 'EUR';

/**
 * The currency `gateway` charges in whatever the shop sells in, or null
 * when it charges in the shop's currency.
 */
export function gatewayOnlyCurrency(gateway: string): string | null {
  return gateway === 'paypal' ? PAYPAL_CURRENCY : null;
}

/** Whether `gateway` can take payments for a shop whose currency is `currency` (ISO 4217). */
export function gatewayTakesCurrency(gateway: string, currency: string): boolean {
  const only = gatewayOnlyCurrency(gateway);
  return only === null || only === currency;
}
