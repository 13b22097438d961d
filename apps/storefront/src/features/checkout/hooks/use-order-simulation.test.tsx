import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { useOrderSimulation } from './use-order-simulation';

interface Body {
  coupon: string[];
  captcha?: string | null;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useOrderSimulation', () => {
  it('asks for the captcha on a SECURITY_ answer and simulates again with its token (decision 0102)', async () => {
    const simulate = vi
      .fn<(body: Body) => Promise<boolean>>()
      .mockRejectedValueOnce(new ApiError(403, 'SECURITY_CAPTCHA_REQUIRED', 'Captcha required'))
      .mockResolvedValueOnce(true);
    const body: Body = { coupon: ['WELCOME10'] };
    const { result } = renderHook(() => useOrderSimulation('product', body, simulate), { wrapper });

    await waitFor(() => expect(result.current.captcha.open).toBe(true));
    expect(result.current.onInvoice).toBe(false);
    act(() => result.current.captcha.retryWithCaptcha('solved-token'));
    await waitFor(() => expect(result.current.onInvoice).toBe(true));
    expect(result.current.captcha.open).toBe(false);
    expect(simulate).toHaveBeenLastCalledWith({ coupon: ['WELCOME10'], captcha: 'solved-token' });
  });

  it('does not ask for a captcha on other failures', async () => {
    const simulate = vi
      .fn<(body: Body) => Promise<boolean>>()
      .mockRejectedValue(new ApiError(400, 'COUPON_NOT_VALID', 'This code is not valid'));
    const { result } = renderHook(() => useOrderSimulation('product', { coupon: ['X'] }, simulate), {
      wrapper,
    });
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.captcha.open).toBe(false);
  });
});
