import type {
  SelfCancellation,
  SelfCancelMethod,
  SelfCancelResult,
} from '@kassa/domain/contract/self-cancel';
import { cancellationFactText, type PolicyTextLocale } from '@kassa/domain/rules/cancellation-policy-text';
import { shopDate } from '@kassa/domain/rules/shop-date';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading, Spinner } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useSelfCancel, useSelfCancellation, type SelfCancelChoice } from '../api/self-cancel';
import type en from '@/locales/en.json';
import './self-cancel-panel.css';

type RefusalKey = keyof typeof en.selfCancel.errors;

const REFUSAL_CODES = new Set<string>([
  'self_cancel_no_policy',
  'self_cancel_outside_policy',
  'self_cancel_visit_started',
  'self_cancel_not_paid',
  'self_cancel_order_kind',
  'self_cancel_method_needed',
  'self_cancel_method_not_offered',
  'self_cancel_bad_choice',
  'order_already_cancelled',
  'cancel_ticket_admitted',
  'cancel_item_already_cancelled',
  'cancel_nothing_chosen',
  'cancel_quantity_too_large',
  'refund_no_payment',
]);

/** Refusals that hold for any choice of the order's tickets: the panel shows only why. */
const WHOLE_ORDER_REFUSALS = new Set([
  'SELF_CANCEL_NO_POLICY',
  'SELF_CANCEL_NOT_PAID',
  'SELF_CANCEL_ORDER_KIND',
  'SELF_CANCEL_VISIT_STARTED',
  'SELF_CANCEL_OUTSIDE_POLICY',
  'ORDER_ALREADY_CANCELLED',
]);

/** A refusal's code as its translated message (selfCancel.errors, docs/storefront.md §8.1). */
function refusalKey(code: string | undefined): `selfCancel.errors.${RefusalKey}` {
  const key = (code ?? '').toLowerCase();
  return REFUSAL_CODES.has(key) ? `selfCancel.errors.${key as RefusalKey}` : 'selfCancel.errors.unexpected';
}

/**
 * "Cancel tickets" on the order's page (decision 0259): the visitor picks
 * the whole order or some tickets and extras, sees what comes back by the
 * product's policy (the server's quote) before confirming, confirms, and
 * sees the result. Opened at once from the tickets mail's link (?cancel=1).
 * Outside the policy it says why and links to the shop's request form,
 * filled in with the order.
 */
export function SelfCancelPanel({
  hash,
  email,
  initiallyOpen,
}: {
  hash: string;
  email: string;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const headingId = useId();
  const regionId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Opened from the mail's link: the panel is what the visitor came for.
    if (initiallyOpen) heading.current?.scrollIntoView?.({ block: 'start' });
  }, [initiallyOpen]);

  function openPanel() {
    setOpen(true);
    // The button goes; focus stays at the panel's start rather than falling to the page.
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <section className="kassa-self-cancel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('selfCancel.title')}
      </h2>
      {!open ? (
        <button
          type="button"
          className="kassa-button kassa-button--secondary"
          aria-expanded={false}
          aria-controls={regionId}
          onClick={openPanel}
        >
          {t('selfCancel.open_button')}
        </button>
      ) : (
        <div id={regionId}>
          <SelfCancelForm hash={hash} email={email} />
        </div>
      )}
    </section>
  );
}

function SelfCancelForm({ hash, email }: { hash: string; email: string }) {
  const { t } = useTranslation();
  const base = useSelfCancellation(hash, null, true);
  if (base.isPending) return <Loading label={t('selfCancel.loading')} />;
  if (base.isError)
    return <Alert tone="danger">{t(refusalKey(isApiError(base.error) ? base.error.code : undefined))}</Alert>;
  return <ChoiceForm hash={hash} email={email} info={base.data} />;
}

function ChoiceForm({ hash, email, info }: { hash: string; email: string; info: SelfCancellation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // At first all that is left is chosen: the whole order.
  const [tickets, setTickets] = useState<Set<string>>(
    () => new Set(info.tickets.filter((ticket) => ticket.state === 'VALID').map((ticket) => ticket.id)),
  );
  const [extras, setExtras] = useState<Map<number, number>>(
    () => new Map(info.extras.map((extra) => [extra.line_id, extra.quantity_left])),
  );
  const [method, setMethod] = useState<SelfCancelMethod | null>(null);
  const [result, setResult] = useState<SelfCancelResult | null>(null);
  const cancel = useSelfCancel(hash);
  const resultRef = useRef<HTMLDivElement>(null);

  const choice = useMemo<SelfCancelChoice>(
    () => ({
      tickets: [...tickets],
      lines: [...extras.entries()]
        .filter(([, quantity]) => quantity > 0)
        .map(([id, quantity]) => ({ id, quantity })),
    }),
    [tickets, extras],
  );
  const nothingChosen = choice.tickets.length === 0 && choice.lines.length === 0;
  const quote = useSelfCancellation(hash, choice, !nothingChosen && result === null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const answer = quote.data ?? info;
  const offered = answer.quote?.methods ?? [];
  const chosenMethod = offered.length === 1 ? offered[0]! : method;
  const selectable = info.tickets.filter((ticket) => ticket.state === 'VALID');
  const extrasLeft = info.extras.filter((extra) => extra.quantity_left > 0);
  const currency = info.currency;
  const money = (amount: number) => formatMoney(amount, currency, language);

  if (result) return <CancelResult result={result} email={email} ref={resultRef} money={money} />;

  // Nothing left that a visitor could cancel, or a reason that holds whatever is chosen: say why.
  if (
    (selectable.length === 0 && extrasLeft.length === 0) ||
    (info.refusal !== null && WHOLE_ORDER_REFUSALS.has(info.refusal.code))
  )
    return <Refusal code={info.refusal?.code ?? 'ORDER_ALREADY_CANCELLED'} answer={info} email={email} />;

  const allChosen =
    tickets.size === selectable.length &&
    extrasLeft.every((extra) => (extras.get(extra.line_id) ?? 0) === extra.quantity_left);

  function chooseAll(all: boolean) {
    setTickets(new Set(all ? selectable.map((ticket) => ticket.id) : []));
    setExtras(new Map(extrasLeft.map((extra) => [extra.line_id, all ? extra.quantity_left : 0])));
  }
  function toggle(id: string, on: boolean) {
    setTickets((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function confirm() {
    if (nothingChosen || !chosenMethod || cancel.isPending) return;
    cancel.mutate(
      {
        ...(choice.tickets.length > 0 ? { tickets: choice.tickets } : {}),
        ...(choice.lines.length > 0 ? { lines: choice.lines } : {}),
        refund: chosenMethod,
      },
      { onSuccess: setResult },
    );
  }

  const terms = info.policy
    ? cancellationFactText(
        {
          freeUntilHours: info.policy.free_until_hours,
          tiers: info.policy.tiers.map((tier) => ({
            untilHours: tier.until_hours,
            feePercent: tier.fee_percent,
          })),
          refundTo: info.policy.refund_to,
          voucherBonusPercent: info.policy.voucher_bonus_percent,
        },
        (['en', 'nl', 'es', 'de', 'fr'].includes(language) ? language : 'en') as PolicyTextLocale,
      )
    : null;

  return (
    <div className="kassa-self-cancel__form">
      {terms && <p>{t('selfCancel.terms', { terms })}</p>}
      <fieldset className="kassa-self-cancel__choice">
        <legend>{t('selfCancel.choose_legend')}</legend>
        <label className="kassa-self-cancel__option kassa-self-cancel__option--all">
          <input type="checkbox" checked={allChosen} onChange={(event) => chooseAll(event.target.checked)} />
          {t('selfCancel.whole_order')}
        </label>
        <ul>
          {info.tickets.map((ticket, index) => (
            <li key={ticket.id}>
              <label className="kassa-self-cancel__option">
                <input
                  type="checkbox"
                  disabled={ticket.state !== 'VALID'}
                  checked={ticket.state === 'VALID' && tickets.has(ticket.id)}
                  onChange={(event) => toggle(ticket.id, event.target.checked)}
                />
                <span>
                  {t('selfCancel.ticket_label', { number: index + 1, title: ticket.title })}
                  <TicketWhen date={ticket.date} time={ticket.time} />
                  {ticket.state !== 'VALID' && (
                    <span className="kassa-self-cancel__state">
                      {ticket.state === 'ADMITTED'
                        ? t('selfCancel.state_admitted')
                        : t('selfCancel.state_cancelled')}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
          {extrasLeft.map((extra) => (
            <li key={extra.line_id}>
              <label className="kassa-self-cancel__option kassa-self-cancel__option--extra">
                <span>{t('selfCancel.extra_label', { title: extra.title })}</span>
                <select
                  value={extras.get(extra.line_id) ?? 0}
                  onChange={(event) =>
                    setExtras((current) => new Map(current).set(extra.line_id, Number(event.target.value)))
                  }
                >
                  {Array.from({ length: extra.quantity_left + 1 }, (_, count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="kassa-self-cancel__quote" aria-live="polite" aria-busy={quote.isFetching || undefined}>
        {nothingChosen ? (
          <p>{t('selfCancel.nothing_chosen')}</p>
        ) : quote.isError ? (
          <Alert tone="danger">{t(refusalKey(isApiError(quote.error) ? quote.error.code : undefined))}</Alert>
        ) : !quote.data ? (
          <Loading label={t('selfCancel.quoting')} />
        ) : quote.data.refusal || !quote.data.quote ? (
          <Refusal code={quote.data.refusal?.code ?? ''} answer={quote.data} email={email} />
        ) : (
          <QuoteFacts quote={quote.data.quote} money={money} />
        )}
      </div>

      {quote.data?.quote && !nothingChosen && (
        <>
          {offered.length > 1 && (
            <fieldset className="kassa-self-cancel__methods">
              <legend>{t('selfCancel.method_legend')}</legend>
              <label className="kassa-self-cancel__option">
                <input
                  type="radio"
                  name="self-cancel-method"
                  value="original"
                  checked={method === 'original'}
                  onChange={() => setMethod('original')}
                />
                {t('selfCancel.method_original', { amount: money(quote.data.quote.refund) })}
              </label>
              <label className="kassa-self-cancel__option">
                <input
                  type="radio"
                  name="self-cancel-method"
                  value="voucher"
                  checked={method === 'voucher'}
                  onChange={() => setMethod('voucher')}
                />
                {t('selfCancel.method_voucher', { amount: money(quote.data.quote.voucher_value) })}
              </label>
            </fieldset>
          )}
          {offered.length === 1 && (
            <p>
              {offered[0] === 'voucher'
                ? t('selfCancel.method_voucher', { amount: money(quote.data.quote.voucher_value) })
                : t('selfCancel.method_original', { amount: money(quote.data.quote.refund) })}
            </p>
          )}
          <div className="kassa-actions">
            <button
              type="button"
              className="kassa-button"
              onClick={confirm}
              disabled={cancel.isPending || quote.isFetching || !chosenMethod}
              aria-disabled={cancel.isPending || quote.isFetching || !chosenMethod || undefined}
            >
              {cancel.isPending && <Spinner />}
              {cancel.isPending ? t('selfCancel.confirming') : t('selfCancel.confirm')}
            </button>
          </div>
          {!chosenMethod && <p className="kassa-self-cancel__hint">{t('selfCancel.choose_method')}</p>}
        </>
      )}
      {cancel.isError && (
        <Alert tone="danger">{t(refusalKey(isApiError(cancel.error) ? cancel.error.code : undefined))}</Alert>
      )}
    </div>
  );
}

function TicketWhen({ date, time }: { date: string | null; time: string | null }) {
  const language = useLanguage();
  const { dateFormat } = pageDefinitions();
  if (!date && !time) return null;
  return (
    <span className="kassa-self-cancel__when">
      {[date ? shopDate(date, language, dateFormat) : null, time].filter(Boolean).join(' ')}
    </span>
  );
}

function QuoteFacts({
  quote,
  money,
}: {
  quote: NonNullable<SelfCancellation['quote']>;
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const { timeZone, dateFormat } = pageDefinitions();
  const until = new Date(quote.terms_end_at);
  return (
    <div>
      <h3>{t('selfCancel.quote_title')}</h3>
      <dl className="kassa-self-cancel__facts">
        <div>
          <dt>{t('selfCancel.share')}</dt>
          <dd>{money(quote.share)}</dd>
        </div>
        <div>
          <dt>{t('selfCancel.fee', { percent: quote.fee_percent })}</dt>
          <dd>{money(quote.fee)}</dd>
        </div>
        <div className="kassa-self-cancel__back">
          <dt>{t('selfCancel.refund')}</dt>
          <dd>{money(quote.refund)}</dd>
        </div>
      </dl>
      <p className="kassa-self-cancel__hint">
        {t('selfCancel.terms_end', {
          date: formatDate(until, timeZone, dateFormat),
          time: formatTime(until, timeZone),
        })}
      </p>
    </div>
  );
}

/** Why not, and the shop's request form filled in with the order. */
function Refusal({ code, answer, email }: { code: string; answer: SelfCancellation; email: string }) {
  const { t } = useTranslation();
  const query = new URLSearchParams({
    request: '1',
    order: answer.order_number.replace(/\D/g, ''),
    email,
  });
  const askable = code !== 'ORDER_ALREADY_CANCELLED' && code !== 'CANCEL_ITEM_ALREADY_CANCELLED';
  return (
    <div className="kassa-self-cancel__refusal">
      <Alert tone={askable ? 'warning' : 'info'}>{t(refusalKey(code))}</Alert>
      {askable && (
        <p>
          {t('selfCancel.request_text')}{' '}
          <Link to={`/faq?${query.toString()}`}>{t('selfCancel.request_link')}</Link>
        </p>
      )}
    </div>
  );
}

function CancelResult({
  result,
  email,
  money,
  ref,
}: {
  result: SelfCancelResult;
  email: string;
  money: (amount: number) => string;
  ref: React.Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const { cancelled } = result;
  const count = cancelled.tickets.length;
  return (
    <div className="kassa-self-cancel__result" ref={ref} tabIndex={-1}>
      <Alert tone="success">
        <p>{count > 0 ? t('selfCancel.done', { count }) : t('selfCancel.done_items')}</p>
        <p>
          {cancelled.refund === 0
            ? t('selfCancel.done_nothing')
            : cancelled.method === 'voucher'
              ? t('selfCancel.done_voucher', {
                  amount: money(cancelled.voucher_value ?? cancelled.refund),
                  code: cancelled.voucher_code ?? '',
                })
              : cancelled.refund_status === 'failed'
                ? t('selfCancel.done_failed', { amount: money(cancelled.refund) })
                : t('selfCancel.done_original', { amount: money(cancelled.refund) })}
        </p>
        {cancelled.fee > 0 && <p>{t('selfCancel.done_fee', { amount: money(cancelled.fee) })}</p>}
        <p>{t('selfCancel.done_mail', { email })}</p>
      </Alert>
    </div>
  );
}
