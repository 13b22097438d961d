import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postCheckout } from '../api/post-checkout';
import { useSubmitOrder } from './use-submit-order';

const body: CreateOrderInput = {
  action: 'pay',
  customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', fields: {} },
  orders: [{ product: { id: 1, plot: 2, quantity: 2 } }],
};

const answer: OrderAnswer = {
  order: { status: 'PENDING', hash: 'order-hash' },
  payment: {
    gateway: 'test',
    type: 'REDIRECT',
    hash: 'p',
    transaction: { response: { url: '/pay/test/p' } },
  },
  invoice: false,
  priceInfo: { productPrice: 10, discount: 0, additions: 0 },
};

function reply(status: number, json: unknown) {
  return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
}

const fail = (code: string) => reply(400, { ok: false, error: { code, message: code } });
const succeed = () => reply(200, { ok: true, response: { orders: [answer] } });

afterEach(() => vi.unstubAllGlobals());

/** POST /api/orders as the product flow sends it. */
const send = (order: CreateOrderInput, key: string) =>
  postCheckout<{ orders: OrderAnswer[] }>('/orders', order, key).then((response) => response.orders);

function sent(fetchMock: ReturnType<typeof vi.fn>, call: number) {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return {
    headers: init.headers as Record<string, string>,
    body: JSON.parse(String(init.body)) as CreateOrderInput,
  };
}

describe('useSubmitOrder', () => {
  it('is loading while the order is sent and hands the answers on success', async () => {
    const fetchMock = vi.fn(async () => succeed());
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubmitOrder({ captchaEnabled: false, send, onSuccess }));
    let done: Promise<void> | undefined;
    act(() => {
      done = result.current.submit(body);
    });
    expect(result.current.loading).toBe('pay');
    await act(async () => done);
    expect(onSuccess).toHaveBeenCalledWith([answer]);
    expect(sent(fetchMock, 0).headers['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('ends loading with the error code for the order-failed modal, and reuses the key on a retry of the same order', async () => {
    const fetchMock = vi.fn(async () => fail('NOT_ENOUGH_CAPACITY'));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useSubmitOrder({ captchaEnabled: false, send, onSuccess: vi.fn() }));
    await act(() => result.current.submit(body));
    expect(result.current.loading).toBe(false);
    expect(result.current.failure).toEqual({ kind: 'failed', code: 'NOT_ENOUGH_CAPACITY' });
    await act(() => result.current.submit(body));
    await act(() => result.current.submit({ ...body, action: 'reserve' }));
    const keys = [0, 1, 2].map((call) => sent(fetchMock, call).headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks for a captcha on a SECURITY_ code and retries the same attempt with its token', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(fail('SECURITY_CAPTCHA_REQUIRED'))
      .mockResolvedValueOnce(succeed());
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubmitOrder({ captchaEnabled: true, send, onSuccess }));
    await act(() => result.current.submit(body));
    expect(result.current.failure).toEqual({ kind: 'captcha' });
    act(() => result.current.retryWithCaptcha('solved-token'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const first = sent(fetchMock, 0);
    const retry = sent(fetchMock, 1);
    expect(retry.body.captcha).toBe('solved-token');
    expect(retry.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('shows a SECURITY_ code as a failure when captcha is off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail('SECURITY_CAPTCHA_REQUIRED')),
    );
    const { result } = renderHook(() => useSubmitOrder({ captchaEnabled: false, send, onSuccess: vi.fn() }));
    await act(() => result.current.submit(body));
    expect(result.current.failure).toEqual({ kind: 'failed', code: 'SECURITY_CAPTCHA_REQUIRED' });
  });
});
