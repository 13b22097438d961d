import {
  checkCharacter,
  formatIssuedCode,
  VOUCHER_CODE_PREFIX,
} from '@kassa/domain/rules/issued-voucher-code';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { pageDefinitions } from '@/lib/page-definitions';
import { CaptchaModal } from '@/features/checkout/components/captcha-modal';
import { useCheckVoucher } from '../api/check-voucher';
import { VoucherResult } from './voucher-result';
import './voucher-check-page.css';

/**
 * A code as the shop issues them (packages/domain issued-voucher-code:
 * prefix, four groups of four, check character), made up but well-formed,
 * so the hint shows what a visitor will find on their gift card.
 */
const EXAMPLE_RANDOM = '7HQ4M2XP9RTDWC5K';
const EXAMPLE_CODE = formatIssuedCode(
  `${VOUCHER_CODE_PREFIX}${EXAMPLE_RANDOM}${checkCharacter(VOUCHER_CODE_PREFIX + EXAMPLE_RANDOM)}`,
);

/**
 * /voucher-check (docs/storefront.md §2.16): a code form; the answer opens a
 * modal with the code, credit and expiration, or the translated reason it could
 * not be shown (docs/storefront.md §8: voucher_not_found, rate_limited, …).
 */
export function VoucherCheckPage() {
  const { t } = useTranslation();
  const check = useCheckVoucher();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [checked, setChecked] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Codes display in uppercase (docs/storefront.md §5.5); the server ignores case, spaces and dashes.
    const entered = code.trim().toUpperCase();
    setMissing(entered === '');
    if (entered === '' || check.isPending) return;
    setChecked(entered);
    check.mutate({ code: entered });
  }

  // Too many wrong codes from this visitor: the server wants a solved captcha (decision 0102).
  const { captcha } = pageDefinitions();
  // The code-guessing budget asks whether or not the shop's order captcha is on, so the modal always opens.
  const captchaAsked = check.isError && isApiError(check.error) && check.error.code.startsWith('SECURITY_');

  function retryWithCaptcha(token: string) {
    if (checked !== null) check.mutate({ code: checked, captcha: token });
  }

  function close() {
    setChecked(null);
    check.reset();
  }

  const open = checked !== null && (check.isSuccess || check.isError) && !captchaAsked;
  return (
    <section className="kassa-page kassa-voucher-check">
      <title>{`${t('voucher_check.title')} – ${pageDefinitions().organisationName}`}</title>
      <h1>{t('voucher_check.title')}</h1>
      <p>{t('voucher_check.intro')}</p>
      <form className="kassa-voucher-check__form" noValidate onSubmit={submit}>
        <TextField
          name="code"
          label={t('voucher_check.code_label')}
          hint={t('voucher_check.code_hint', { example: EXAMPLE_CODE })}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (value.trim() !== '') setMissing(false);
          }}
          error={missing ? t('voucher_check.code_required') : undefined}
          required
          autoComplete="off"
          maxLength={100}
        />
        <button type="submit" className="kassa-button" aria-disabled={check.isPending || undefined}>
          {check.isPending && <Spinner />}
          {check.isPending ? t('voucher_check.checking') : t('voucher_check.submit')}
        </button>
      </form>
      <Modal
        open={open}
        onClose={close}
        title={check.isSuccess ? t('voucher_check.result_title') : t('voucher_check.title')}
      >
        {check.isSuccess && checked !== null && <VoucherResult code={checked} result={check.data} />}
        {check.isError && (
          <Alert tone="danger">{t(errorKey(isApiError(check.error) ? check.error.code : undefined))}</Alert>
        )}
        <div className="kassa-actions">
          <button type="button" className="kassa-button" onClick={close}>
            {t('voucher_check.done')}
          </button>
        </div>
      </Modal>
      <CaptchaModal
        open={captchaAsked}
        challengeUrl={captcha.challengeUrl}
        onClose={close}
        onVerified={retryWithCaptcha}
        text={t('voucher_check.captcha_text')}
      />
    </section>
  );
}
