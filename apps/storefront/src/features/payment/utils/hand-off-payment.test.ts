import { describe, expect, it, vi } from 'vitest';
import { handOffPayment } from './hand-off-payment';

function target() {
  return { navigate: vi.fn(), assign: vi.fn() };
}

describe('handOffPayment', () => {
  it('goes to the checkout return page when there is no transaction', () => {
    const to = target();
    const result = handOffPayment({ gateway: 'test', type: 'REDIRECT', hash: 'abc', transaction: false }, to);
    expect(result).toBe('return-page');
    expect(to.navigate).toHaveBeenCalledWith('/checkout/return/abc');
    expect(to.assign).not.toHaveBeenCalled();
  });

  it('leaves for the gateway URL on REDIRECT', () => {
    const to = target();
    const result = handOffPayment(
      { gateway: 'test', type: 'REDIRECT', hash: 'p1', transaction: { response: { url: '/pay/test/p1' } } },
      to,
    );
    expect(result).toBe('redirected');
    expect(to.assign).toHaveBeenCalledWith('/pay/test/p1');
  });

  it('reports FORM and CUSTOM as not handled yet, and a REDIRECT without a URL', () => {
    const to = target();
    expect(
      handOffPayment({ gateway: 'form', type: 'FORM', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(
      handOffPayment({ gateway: 'stripe', type: 'CUSTOM', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(
      handOffPayment({ gateway: 'test', type: 'REDIRECT', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(to.assign).not.toHaveBeenCalled();
    expect(to.navigate).not.toHaveBeenCalled();
  });
});
