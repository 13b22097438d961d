import { describe, expect, it } from 'vitest';
import { gatewayOnlyCurrency, gatewayTakesCurrency } from './gateway-currency.ts';

describe('gatewayTakesCurrency', () => {
  it('takes PayPal payments in EUR only', () => {
    expect(gatewayTakesCurrency('paypal', 'EUR')).toBe(true);
    expect(gatewayTakesCurrency('paypal', 'USD')).toBe(false);
    expect(gatewayOnlyCurrency('paypal')).toBe('EUR');
  });

  it("lets the other gateways charge in the shop's currency", () => {
    for (const gateway of ['test', 'stripe', 'form']) {
      expect(gatewayTakesCurrency(gateway, 'USD')).toBe(true);
      expect(gatewayOnlyCurrency(gateway)).toBeNull();
    }
  });
});
