import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOffPayment } from './hand-off-payment';
import { decodePaymentForm, FORM_SUBMIT_DELAY_MS } from './payment-form';

function target() {
  return { navigate: vi.fn(), assign: vi.fn() };
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

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

  it("sends stripe's CUSTOM answer to the Checkout Session's hosted page", () => {
    const to = target();
    const url = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const result = handOffPayment(
      {
        gateway: 'stripe',
        type: 'CUSTOM',
        hash: 'p2',
        transaction: { response: { sessionId: 'cs_test_1', publishableKey: 'pk_test', url } },
      },
      to,
    );
    expect(result).toBe('redirected');
    expect(to.assign).toHaveBeenCalledWith(url);
  });

  it("shows paypal's buttons on the return page of the payment", () => {
    const to = target();
    const result = handOffPayment(
      {
        gateway: 'paypal',
        type: 'CUSTOM',
        hash: 'p3',
        transaction: { response: { orderId: 'PP-1', clientId: 'client' } },
      },
      to,
    );
    expect(result).toBe('return-page');
    expect(to.navigate).toHaveBeenCalledWith('/checkout/return/p3');
  });

  it('posts a FORM answer after 250 ms, rebuilt with only its action and fields', () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const html =
      '<form method="post" action="https://pay.example/form/p4"><input type="hidden" name="payment" value="p4">' +
      '<input type="hidden" name="signature" value="été"><script>alert(1)</script></form>';
    const result = handOffPayment(
      { gateway: 'form', type: 'FORM', hash: 'p4', transaction: { response: { form: base64(html) } } },
      target(),
    );
    expect(result).toBe('redirected');
    const form = document.body.querySelector('form')!;
    expect(form.action).toBe('https://pay.example/form/p4');
    expect(form.method).toBe('post');
    expect(form.querySelector('script')).toBeNull();
    expect([...new FormData(form).entries()]).toEqual([
      ['payment', 'p4'],
      ['signature', 'été'],
    ]);
    vi.advanceTimersByTime(FORM_SUBMIT_DELAY_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('refuses forms that would not POST to a web address, and answers without what they need', () => {
    expect(decodePaymentForm(base64('<form action="javascript:alert(1)"></form>'))).toBeNull();
    expect(decodePaymentForm('%%%not base64')).toBeNull();
    const to = target();
    expect(
      handOffPayment({ gateway: 'form', type: 'FORM', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(
      handOffPayment({ gateway: 'stripe', type: 'CUSTOM', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(
      handOffPayment(
        { gateway: 'other', type: 'CUSTOM', hash: 'h', transaction: { response: { url: 'https://x' } } },
        to,
      ),
    ).toBe('unsupported');
    expect(
      handOffPayment({ gateway: 'test', type: 'REDIRECT', hash: 'h', transaction: { response: {} } }, to),
    ).toBe('unsupported');
    expect(to.assign).not.toHaveBeenCalled();
    expect(to.navigate).not.toHaveBeenCalled();
  });
});
