import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-error';

/** Typing in the form changes the body on every key: wait for a pause before asking. */
const SETTLE_MS = 400;

/**
 * Whether the order goes on invoice, learned by a simulated submission of
 * its kind (spec §4 Order submission). The answer is cached per request
 * body, so it holds until the order changes; a failed simulation counts as
 * not on invoice. `settled` is false while a simulation for the current
 * body is due. `kind` keeps each order kind's answers apart. When the
 * code-guessing budget answers a SECURITY_ code (decision 0102), `captcha`
 * asks for the captcha modal; its token is sent with the simulation again.
 */
export function useOrderSimulation<Body extends { captcha?: string | null }>(
  kind: string,
  body: Body | null,
  simulate: (body: Body) => Promise<boolean>,
): { onInvoice: boolean; settled: boolean; captcha: SimulationCaptcha } {
  const json = body ? JSON.stringify(body) : null;
  const [asked, setAsked] = useState(json);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(json), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [json]);

  const [token, setToken] = useState<string | null>(null);
  const [captchaAsked, setCaptchaAsked] = useState(false);

  const simulation = useQuery({
    queryKey: ['order-simulation', kind, asked, token],
    queryFn: async () => {
      const parsed = JSON.parse(asked ?? '{}') as Body;
      try {
        return await simulate(token ? { ...parsed, captcha: token } : parsed);
      } catch (error) {
        if (isApiError(error) && error.code.startsWith('SECURITY_')) setCaptchaAsked(true);
        return false;
      }
    },
    enabled: asked !== null,
    staleTime: Infinity,
    retry: false,
  });
  return {
    onInvoice: simulation.data === true,
    settled: json !== null && asked === json && !simulation.isPending && !simulation.isFetching,
    captcha: {
      open: captchaAsked,
      dismiss: () => setCaptchaAsked(false),
      retryWithCaptcha: (solved) => {
        setCaptchaAsked(false);
        setToken(solved);
      },
    },
  };
}

/** The price simulation's captcha request: open the captcha modal, and retry with its token. */
export interface SimulationCaptcha {
  open: boolean;
  dismiss: () => void;
  retryWithCaptcha: (token: string) => void;
}
