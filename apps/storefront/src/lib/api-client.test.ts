import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiGet, apiRequest } from './api-client';
import { ApiError } from './api-error';
import { storeClientToken } from './client-token';
import { setActiveLanguage } from './language';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setActiveLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the active language, mapping ksh to de', async () => {
    fetchMock.mockResolvedValue(answer(200, []));
    await apiGet('/categories', { language: 'ksh' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/categories');
    expect(sentHeaders().get('Accept-Language')).toBe('de');
  });

  it('sends the bearer token only when a client is logged in', async () => {
    fetchMock.mockImplementation(async () => answer(200, {}));
    await apiGet('/client');
    expect(sentHeaders().has('Authorization')).toBe(false);

    fetchMock.mockClear();
    storeClientToken('secret-token');
    await apiGet('/client');
    expect(sentHeaders().get('Authorization')).toBe('Bearer secret-token');
  });

  it('turns an error body into an ApiError with its code and error_info', async () => {
    fetchMock.mockResolvedValue(
      answer(400, { ok: false, error: { code: 'COUPON_INVALID', message: 'No', error_info: 'Expired' } }),
    );
    const failure = await apiRequest('/coupon', { method: 'POST', body: { code: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'COUPON_INVALID', errorInfo: 'Expired' });
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('treats ok:false as a failure even with status 200', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: false, error: { code: 'SECURITY_CAPTCHA' } }));
    await expect(apiRequest('/orders', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'SECURITY_CAPTCHA',
    });
  });

  it('gives UNEXPECTED for a failure without a code and NETWORK_ERROR when unreachable', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/faq')).rejects.toMatchObject({ status: 502, code: 'UNEXPECTED' });

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiGet('/faq')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('parses the body with the given schema and rejects what the contract forbids', async () => {
    const schema = z.object({ id: z.number() });
    fetchMock.mockResolvedValue(answer(200, { id: 4, extra: true }));
    await expect(apiGet('/thing', { schema })).resolves.toEqual({ id: 4 });

    fetchMock.mockResolvedValue(answer(200, { id: 'four' }));
    await expect(apiGet('/thing', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
