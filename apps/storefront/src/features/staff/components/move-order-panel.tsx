import type { MoveAnswerBody } from '@kassa/domain/contract/staff-move';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { moveBooking, previewMove, useMovePlots } from '../api/staff-move';
import { staffErrorText, useStaffAction } from '../hooks/use-staff-action';
import { useStaffText } from '../hooks/use-staff-text';
import './cancel-order-panel.css';

/**
 * Moves the booking to another time for the visitor (decision 0247): pick
 * the date and time (free places shown; a time without room for the
 * booking's tickets cannot be picked), charge the rebooking fee or not, see
 * what it costs or gives back, confirm.
 */
export function MoveOrderPanel({ number, onDone }: { number: string; onDone?: () => void }) {
  const t = useStaffText();
  const language = useLanguage();
  const id = useId();
  const { timeZone, dateFormat } = pageDefinitions();
  const plots = useMovePlots(number, true);
  const [plot, setPlot] = useState('');
  const [fee, setFee] = useState(true);
  const [preview, setPreview] = useState<MoveAnswerBody | null>(null);
  const [done, setDone] = useState<MoveAnswerBody | null>(null);
  // staffMove.errors.<error_info or code>: a refused move names its reason in error_info.
  const errorText = (failure: unknown) =>
    staffErrorText(t, failure, 'staffMove', (apiError) => [apiError.errorInfo, apiError.code]);
  const { busy, error, setError, run } = useStaffAction<'preview' | 'move'>(errorText);
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, language);
  const when = (view: { date: string | null; start: string | null }) =>
    [view.date ? formatDate(view.date, timeZone, dateFormat) : '', view.start ?? ''].join(' ').trim();

  function changed() {
    setPreview(null);
    setError(null);
  }

  async function showPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!plot) {
      setError(t('staffMove.choose_first'));
      return;
    }
    setPreview(await run('preview', () => previewMove(number, { plot: Number(plot), fee })));
  }

  async function confirm() {
    if (busy || !preview) return;
    const result = await run('move', () => moveBooking(number, { plot: Number(plot), fee }));
    if (!result) return;
    setDone(result);
    onDone?.();
  }

  const heading = (
    <h2 id={`${id}-title`} tabIndex={-1}>
      {t('staffMove.title')}
    </h2>
  );

  if (done) {
    return (
      <section className="kassa-cancel" aria-labelledby={`${id}-title`}>
        {heading}
        <Alert tone="success">
          <p>
            {done.outcome === 'MOVED'
              ? t('staffMove.done_moved', { when: when(done.to) })
              : t('staffMove.done_awaiting', {
                  when: when(done.to),
                  amount: money(done.to_pay_cents, done.currency),
                })}
          </p>
          {done.refund_cents > 0 && (
            <p>{t('staffMove.done_refund', { amount: money(done.refund_cents, done.currency) })}</p>
          )}
          {done.new_order_number && (
            <p>
              {t('staffMove.new_order')}{' '}
              <Link to={`/staff/orders/${done.new_order_number.replace(/\D/g, '')}`}>
                {formatOrderReference(done.new_order_number.replace(/\D/g, ''))}
              </Link>
            </p>
          )}
        </Alert>
      </section>
    );
  }

  if (plots.isPending) return null;
  if (plots.isError) {
    return (
      <section className="kassa-cancel" aria-labelledby={`${id}-title`}>
        {heading}
        <p>{errorText(plots.error)}</p>
      </section>
    );
  }
  const { seats, current } = plots.data;
  const choices = plots.data.plots.filter((candidate) => candidate.plot !== current);
  return (
    <section className="kassa-cancel" aria-labelledby={`${id}-title`}>
      {heading}
      {choices.length === 0 ? (
        <p>{t('staffMove.no_times')}</p>
      ) : (
        <form noValidate onSubmit={showPrice} className="kassa-cancel__form">
          <p className="kassa-staff__note">{t('staffMove.intro', { seats })}</p>
          <div className="kassa-field">
            <label htmlFor={`${id}-plot`} className="kassa-field__label">
              {t('staffMove.time')}
            </label>
            <select
              id={`${id}-plot`}
              className="kassa-field__control"
              value={plot}
              onChange={(event) => {
                changed();
                setPlot(event.target.value);
              }}
            >
              <option value="">{t('staffMove.choose')}</option>
              {choices.map((candidate) => {
                const full = candidate.free !== null && candidate.free < seats;
                return (
                  <option key={candidate.plot} value={String(candidate.plot)} disabled={full}>
                    {when(candidate)} —{' '}
                    {candidate.free === null
                      ? t('staffMove.free_unlimited')
                      : t('staffMove.free', { free: candidate.free })}
                  </option>
                );
              })}
            </select>
          </div>
          <label className="kassa-cancel__choice">
            <input
              type="checkbox"
              checked={fee}
              onChange={(event) => {
                changed();
                setFee(event.target.checked);
              }}
            />
            <span>{t('staffMove.fee')}</span>
          </label>
          <button
            type="submit"
            className="kassa-button kassa-button--secondary"
            aria-disabled={busy !== null || undefined}
          >
            {busy === 'preview' && <Spinner />}
            {busy === 'preview' ? t('staffMove.previewing') : t('staffMove.preview')}
          </button>
          <div role="status" aria-live="polite" className="kassa-cancel__preview">
            {preview && (
              <>
                <p>{t('staffMove.preview_from_to', { from: when(preview.from), to: when(preview.to) })}</p>
                <p>
                  {t('staffMove.preview_price', {
                    price: money(preview.price_cents, preview.currency),
                    fee: money(preview.fee_cents, preview.currency),
                    credit: money(preview.credit_cents, preview.currency),
                  })}
                </p>
                <p className="kassa-cancel__amount">
                  {preview.to_pay_cents > 0
                    ? t('staffMove.preview_to_pay', { amount: money(preview.to_pay_cents, preview.currency) })
                    : preview.refund_cents > 0
                      ? t('staffMove.preview_refund', {
                          amount: money(preview.refund_cents, preview.currency),
                        })
                      : t('staffMove.preview_even')}
                </p>
              </>
            )}
          </div>
          {error && <Alert tone="danger">{error}</Alert>}
          {preview && (
            <button
              type="button"
              className="kassa-button"
              onClick={confirm}
              aria-disabled={busy !== null || undefined}
            >
              {busy === 'move' && <Spinner />}
              {busy === 'move'
                ? t('staffMove.moving')
                : preview.to_pay_cents > 0
                  ? t('staffMove.confirm_link')
                  : t('staffMove.confirm')}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
