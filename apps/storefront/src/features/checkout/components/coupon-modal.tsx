import type { CouponResult } from '@kassa/domain/contract/coupon';
import { normaliseCouponCode } from '@kassa/domain/rules/coupons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { CaptchaModal } from './captcha-modal';
import { isApiError } from '@/lib/api-error';
import { pageDefinitions } from '@/lib/page-definitions';
import './coupon-modal.css';

export interface CouponModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Asks the server about a code (POST /api/coupon with what is being ordered),
   * with a solved captcha's token once the code-guessing budget asks for one (decision 0102).
   */
  redeem: (code: string, captcha?: string) => Promise<CouponResult>;
  /** A code the server accepted. */
  onApplied: (result: CouponResult) => void;
  /** What an accepted coupon takes off, in words (e.g. "10% off tickets (not extras)"), if the flow says. */
  describe?: (result: CouponResult) => string | null;
}

/**
 * The coupon modal (docs/storefront.md §4.6): input, then accepted (a success
 * message and Continue) or an error (the server's error_info, or
 * errors.not_valid). Its state lives in the dialog body, which mounts on open
 * and unmounts on close, so it starts afresh every time.
 */
export function CouponModal({ open, onClose, redeem, onApplied, describe }: CouponModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('coupon.title')}>
      <CouponForm onClose={onClose} redeem={redeem} onApplied={onApplied} describe={describe} />
    </Modal>
  );
}

type State =
  | { kind: 'input'; error: string | null; loading: boolean }
  | { kind: 'accepted'; code: string; scope: string | null };

function CouponForm({ onClose, redeem, onApplied, describe }: Omit<CouponModalProps, 'open'>) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [state, setState] = useState<State>({ kind: 'input', error: null, loading: false });
  // The code waiting for a solved captcha (a SECURITY_ answer), if any.
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const error = state.kind === 'input' ? state.error : null;
  // Apply disables itself while it asks; a refused code brings focus back to the
  // field, where the message is read out and the code can be corrected at once.
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLInputElement>('input[name="coupon"]')?.focus();
  }, [error]);

  async function send(typed: string, captcha?: string) {
    setState({ kind: 'input', error: null, loading: true });
    try {
      const result = await redeem(typed, captcha);
      onApplied(result);
      setState({ kind: 'accepted', code: result.data.code || typed, scope: describe?.(result) ?? null });
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('SECURITY_')) {
        setState({ kind: 'input', error: null, loading: false });
        setCaptchaFor(typed);
        return;
      }
      const info = isApiError(error) && error.errorInfo ? error.errorInfo : t('errors.not_valid');
      setState({ kind: 'input', error: info, loading: false });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = normaliseCouponCode(code);
    if (!typed) {
      setState({ kind: 'input', error: t('coupon.empty'), loading: false });
      return;
    }
    void send(typed);
  }

  const captchaModal = (
    <CaptchaModal
      open={captchaFor !== null}
      challengeUrl={pageDefinitions().captcha.challengeUrl}
      onClose={() => setCaptchaFor(null)}
      onVerified={(token) => {
        const typed = captchaFor;
        setCaptchaFor(null);
        if (typed !== null) void send(typed, token);
      }}
      text={t('coupon.captcha_text')}
    />
  );

  if (state.kind === 'accepted') {
    return (
      <div className="kassa-coupon">
        <Alert tone="success">
          {t('coupon.accepted', { code: state.code })}
          {state.scope && (
            <>
              {' '}
              <span className="kassa-coupon__scope">{state.scope}</span>
            </>
          )}
        </Alert>
        <button type="button" className="kassa-button" onClick={onClose}>
          {t('coupon.continue')}
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="kassa-coupon" onSubmit={submit} noValidate>
      {captchaModal}
      <TextField
        label={t('coupon.code')}
        name="coupon"
        value={code}
        onChange={(value) => setCode(value.toUpperCase())}
        error={state.error ?? undefined}
        autoComplete="off"
        maxLength={100}
      />
      <button type="submit" className="kassa-button" disabled={state.loading} aria-busy={state.loading}>
        {state.loading ? t('coupon.checking') : t('coupon.apply')}
      </button>
    </form>
  );
}
