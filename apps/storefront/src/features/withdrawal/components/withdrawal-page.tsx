import type { Withdrawal } from '@kassa/domain/contract/withdrawal';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading, Spinner } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { isApiError } from '@/lib/api-error';
import { formatLongDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useWithdraw, useWithdrawal } from '../api/withdrawal';
import './withdrawal-page.css';

/** The refusals and other answers this page explains itself (its own keys, decision 0254). */
const KNOWN = [
  'WITHDRAWAL_NOT_ELIGIBLE',
  'WITHDRAWAL_NOT_PAID',
  'WITHDRAWAL_ALREADY_DONE',
  'WITHDRAWAL_PERIOD_OVER',
  'WITHDRAWAL_USED',
  'ORDER_NOT_FOUND',
  'RATE_LIMITED',
] as const;

function reasonKey(code: string | undefined) {
  const known = KNOWN.find((candidate) => candidate === code);
  return `withdrawal.reasons.${known ?? 'OTHER'}` as const;
}

/** A moment in the shop's time zone, with the zone named: the acknowledgement's date and time. */
function shopMoment(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * /withdraw/:hash (decision 0254): the withdrawal function for a voucher or
 * pass purchase. It says what a withdrawal ends and until when, asks for a
 * confirmation, withdraws, and acknowledges with the date and time in the
 * shop's time zone; refusals are explained in plain words.
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const view = useWithdrawal(hash);
  return (
    <section className="kassa-page kassa-withdrawal">
      <NoIndex />
      <title>{`${t('withdrawal.title')} – ${pageDefinitions().organisationName}`}</title>
      <h1>{t('withdrawal.title')}</h1>
      {view.isPending && <Loading label={t('withdrawal.loading')} />}
      {view.isError && (
        <Alert tone="danger">{t(reasonKey(isApiError(view.error) ? view.error.code : undefined))}</Alert>
      )}
      {view.isSuccess && <WithdrawalBody hash={hash} withdrawal={view.data} />}
    </section>
  );
}

function WithdrawalBody({ hash, withdrawal }: { hash: string; withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  const withdraw = useWithdraw(hash);
  const [confirming, setConfirming] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (withdraw.isSuccess) doneHeading.current?.focus();
  }, [withdraw.isSuccess]);
  const failed = withdraw.isError ? (isApiError(withdraw.error) ? withdraw.error.code : 'OTHER') : null;
  const amount = formatMoney(withdrawal.amount, withdrawal.currency, language);

  if (withdrawal.withdrawnAt) {
    return (
      <div className="kassa-withdrawal__panel" role="status">
        <h2 ref={doneHeading} tabIndex={-1}>
          {t('withdrawal.done_title')}
        </h2>
        <p>
          {t('withdrawal.done_text', {
            order: withdrawal.orderNumber,
            when: shopMoment(withdrawal.withdrawnAt, language, timeZone),
          })}
        </p>
        <p>{t('withdrawal.done_refund', { amount })}</p>
        <p>{t('withdrawal.done_mail')}</p>
      </div>
    );
  }
  if (withdrawal.refusal) {
    return (
      <>
        <p>{t('withdrawal.order', { order: withdrawal.orderNumber })}</p>
        <Alert tone="info">{t(reasonKey(withdrawal.refusal))}</Alert>
      </>
    );
  }
  return (
    <>
      <p>{t('withdrawal.order', { order: withdrawal.orderNumber })}</p>
      {withdrawal.deadline && (
        <p>
          {t('withdrawal.right', {
            // The last day of the period: the deadline is the midnight that ends it.
            until: formatLongDate(new Date(Date.parse(withdrawal.deadline) - 1), timeZone, language),
          })}
        </p>
      )}
      <h2>{t('withdrawal.items_title')}</h2>
      <ul className="kassa-withdrawal__items">
        {withdrawal.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{t('withdrawal.refund', { amount })}</p>
      {failed && <Alert tone="danger">{t(reasonKey(failed))}</Alert>}
      {!confirming ? (
        <div className="kassa-actions">
          <button type="button" className="kassa-button" onClick={() => setConfirming(true)}>
            {t('withdrawal.start')}
          </button>
        </div>
      ) : (
        <div className="kassa-withdrawal__panel" role="group" aria-labelledby="kassa-withdrawal-confirm">
          <h2 id="kassa-withdrawal-confirm" ref={confirmHeading} tabIndex={-1}>
            {t('withdrawal.confirm_title')}
          </h2>
          <p>{t('withdrawal.confirm_text', { amount })}</p>
          <div className="kassa-actions">
            <button
              type="button"
              className="kassa-button"
              aria-disabled={withdraw.isPending || undefined}
              onClick={() => !withdraw.isPending && withdraw.mutate()}
            >
              {withdraw.isPending && <Spinner />}
              {t('withdrawal.confirm')}
            </button>
            <button
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={() => setConfirming(false)}
            >
              {t('withdrawal.keep')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
