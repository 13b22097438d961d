import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';

export type SubmitFailure = { kind: 'captcha' } | { kind: 'failed'; code: string | null };

/** What every order kind's request has in common for the submit hook. */
export interface SubmitBody {
  action?: 'pay' | 'reserve';
  captcha?: string | null;
}

interface SubmitOptions<Body, Answer> {
  captchaEnabled: boolean;
  /** The kind's POST (createOrder, createVoucherOrder, …), with the attempt's Idempotency-Key. */
  send: (body: Body, idempotencyKey: string) => Promise<Answer>;
  onSuccess: (answer: Answer) => void;
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Submits an order of any kind (docs/storefront.md §4.12): a loading state
 * while the request runs; on a SECURITY_ code with captcha on, asks for a
 * captcha and retries with its token; any other failure ends loading with
 * the code for the order-failed modal. One Idempotency-Key per attempt: a
 * retry of the same order (after a captcha or a lost answer) sends the same
 * key, so the server makes at most one order.
 */
export function useSubmitOrder<Body extends SubmitBody, Answer>({
  captchaEnabled,
  send: post,
  onSuccess,
}: SubmitOptions<Body, Answer>) {
  const [loading, setLoading] = useState<false | 'pay' | 'reserve'>(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const attempt = useRef<{ key: string; order: string; body: Body } | null>(null);
  // Back from a payment page to a page the browser kept: the hand-off is over, the buttons work again.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) setLoading(false);
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function send(body: Body) {
    // The captcha token is not part of what identifies the attempt.
    const order = JSON.stringify({ ...body, captcha: undefined });
    if (!attempt.current || attempt.current.order !== order) attempt.current = { key: newKey(), order, body };
    attempt.current.body = body;
    setLoading(body.action === 'reserve' ? 'reserve' : 'pay');
    setFailure(null);
    try {
      const answer = await post(body, attempt.current.key);
      attempt.current = null;
      onSuccess(answer);
    } catch (error) {
      setLoading(false);
      const code = isApiError(error) ? error.code : null;
      if (code?.startsWith('SECURITY_') && captchaEnabled) setFailure({ kind: 'captcha' });
      else setFailure({ kind: 'failed', code });
    }
  }

  return {
    loading,
    failure,
    submit: send,
    /** After the captcha is solved: the same attempt again, with its token. */
    retryWithCaptcha(token: string) {
      const last = attempt.current;
      if (last) void send({ ...last.body, captcha: token });
    },
    dismiss() {
      setFailure(null);
    },
  };
}
