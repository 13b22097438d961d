import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-error';

/** Typing in the form changes the body on every key: wait for a pause before asking. */
const SETTLE_MS = 400;

/** What a simulation answers: whether the order goes on invoice, or that with the server's prices. */
type SimulationAnswer = boolean | { onInvoice: boolean };

/**
 * The server's word on an order, learned by a simulated submission of its
 * kind (docs/storefront.md §4.12): whether it goes on invoice and, for kinds
 * that answer them, its prices. The answer is cached per request body, so it
 * holds until the order changes; a failed simulation answers null and counts
 * as not on invoice. `settled` is false while a simulation for the current
 * body is due, and `answer` is then null too: an answer for an earlier body
 * is never shown as this one's. `kind` keeps each order kind's answers
 * apart. When the code-guessing budget answers a SECURITY_ code (decision
 * 0102), `captcha` asks for the captcha modal; its token is sent with the
 * simulation again.
 */
export function useOrderSimulation<Body extends { captcha?: string | null }, Answer extends SimulationAnswer>(
  kind: string,
  body: Body | null,
  simulate: (body: Body) => Promise<Answer>,
): { onInvoice: boolean; settled: boolean; answer: Answer | null; captcha: SimulationCaptcha } {
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
        return null;
      }
    },
    enabled: asked !== null,
    staleTime: Infinity,
    retry: false,
  });
  const settled = json !== null && asked === json && !simulation.isPending && !simulation.isFetching;
  const answer = settled ? (simulation.data ?? null) : null;
  return {
    onInvoice: answer === true || (typeof answer === 'object' && answer?.onInvoice === true),
    settled,
    answer,
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
