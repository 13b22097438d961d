import type { StaffOrderDetail } from '@kassa/domain/contract/staff-orders';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { formatDate, formatTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import {
  useCorrectCustomer,
  useMarkInvoicePaid,
  useResendOrderMail,
  useStaffOrder,
} from '../api/staff-orders';
import { retryRefund } from '../api/staff-refunds';
import { useStaffText, type StaffKey } from '../hooks/use-staff-text';
import { ordersErrorText } from '../utils/orders-texts';
import { AuditTable } from './audit-table';
import { CancelOrderPanel, type CancelPanelOrder } from './cancel-order-panel';
import { MoveOrderPanel } from './move-order-panel';
import './orders.css';

function useFormat() {
  const language = useLanguage();
  const { timeZone, dateFormat } = pageDefinitions();
  return {
    money: (cents: number, currency: string) => formatMoney(cents / 100, currency, language),
    instant: (iso: string) =>
      `${formatDate(new Date(iso), timeZone, dateFormat)} ${formatTime(new Date(iso), timeZone)}`,
    day: (date: string | null) => (date ? formatDate(date, timeZone, dateFormat) : null),
  };
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="kassa-desk-order__facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="kassa-desk-order__block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function kindText(t: ReturnType<typeof useStaffText>, kind: string): string {
  return t(`orders.mail_${kind}` as StaffKey, { defaultValue: kind });
}

function ResendForm({ order }: { order: StaffOrderDetail }) {
  const t = useStaffText();
  const resend = useResendOrderMail(order.reference);
  const [mail, setMail] = useState(order.resendable[0] ?? '');
  const [to, setTo] = useState(order.customer.email);
  if (order.resendable.length === 0) return <p>{t('orders.resend_none')}</p>;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    resend.mutate({ mail, to: to.trim() || undefined });
  }
  return (
    <form className="kassa-desk-order__form" noValidate onSubmit={submit}>
      <div className="kassa-field">
        <label htmlFor="resend-mail" className="kassa-field__label">
          {t('orders.resend_mail')}
        </label>
        <select
          id="resend-mail"
          className="kassa-field__control"
          value={mail}
          onChange={(e) => setMail(e.target.value)}
        >
          {order.resendable.map((kind) => (
            <option key={kind} value={kind}>
              {kindText(t, kind)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="to"
        type="email"
        label={t('orders.resend_to')}
        hint={t('orders.resend_to_hint')}
        value={to}
        onChange={setTo}
        inputMode="email"
        autoComplete="off"
        maxLength={254}
      />
      {resend.isError && <Alert tone="danger">{ordersErrorText(t, resend.error)}</Alert>}
      {resend.isSuccess && (
        <Alert tone="success">
          {t('orders.resent', { mail: kindText(t, resend.data.mail), to: resend.data.to })}
        </Alert>
      )}
      <button type="submit" className="kassa-button" aria-disabled={resend.isPending || undefined}>
        {t('orders.resend_submit')}
      </button>
    </form>
  );
}

function CorrectForm({ order }: { order: StaffOrderDetail }) {
  const t = useStaffText();
  const correct = useCorrectCustomer(order.reference);
  const [first, setFirst] = useState(order.customer.first_name);
  const [last, setLast] = useState(order.customer.last_name);
  const [email, setEmail] = useState(order.customer.email);
  const [phone, setPhone] = useState(order.customer.phone ?? '');
  const editable = order.customer.fields.filter(
    (field) => field.type !== 'PHONE' && typeof field.value === 'string',
  );
  const [answers, setAnswers] = useState<Record<string, string>>(
    Object.fromEntries(editable.map((field) => [field.id, String(field.value)])),
  );
  const hasPhone = order.customer.fields.some((field) => field.type === 'PHONE');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    correct.mutate({
      first_name: first,
      last_name: last,
      email,
      ...(hasPhone && phone !== (order.customer.phone ?? '') ? { phone } : {}),
      ...(editable.length > 0 ? { fields: answers } : {}),
    });
  }
  return (
    <form className="kassa-desk-order__form" noValidate onSubmit={submit}>
      <TextField
        name="first_name"
        label={t('orders.first_name')}
        value={first}
        onChange={setFirst}
        maxLength={100}
      />
      <TextField
        name="last_name"
        label={t('orders.last_name')}
        value={last}
        onChange={setLast}
        maxLength={100}
      />
      <TextField
        name="email"
        type="email"
        label={t('orders.email')}
        value={email}
        onChange={setEmail}
        maxLength={254}
      />
      {hasPhone && (
        <TextField
          name="phone"
          type="tel"
          label={t('orders.phone')}
          value={phone}
          onChange={setPhone}
          maxLength={40}
        />
      )}
      {editable.map((field) => (
        <TextField
          key={field.id}
          name={`field-${field.id}`}
          label={field.label}
          value={answers[field.id] ?? ''}
          onChange={(value) => setAnswers((old) => ({ ...old, [field.id]: value }))}
          maxLength={1000}
        />
      ))}
      {correct.isError && <Alert tone="danger">{ordersErrorText(t, correct.error)}</Alert>}
      {correct.isSuccess && <Alert tone="success">{t('orders.corrected')}</Alert>}
      <button type="submit" className="kassa-button" aria-disabled={correct.isPending || undefined}>
        {t('orders.correct_submit')}
      </button>
    </form>
  );
}

function MarkPaidForm({ order }: { order: StaffOrderDetail }) {
  const t = useStaffText();
  const markPaid = useMarkInvoicePaid(order.reference);
  const [reference, setReference] = useState('');
  return (
    <form
      className="kassa-desk-order__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        markPaid.mutate({ reference: reference.trim() || undefined });
      }}
    >
      <p>{t('orders.mark_paid_intro')}</p>
      <TextField
        name="bank-reference"
        label={t('orders.bank_reference')}
        value={reference}
        onChange={setReference}
        maxLength={200}
      />
      {markPaid.isError && <Alert tone="danger">{ordersErrorText(t, markPaid.error)}</Alert>}
      <button type="submit" className="kassa-button" aria-disabled={markPaid.isPending || undefined}>
        {t('orders.mark_paid_submit')}
      </button>
    </form>
  );
}

/** /staff/orders/:number (box office, managers): everything about one order, with what staff can do to it. */
/** The cancel panel's view of the order: what is left of each line and each ticket's state. */
function cancelPanelOrder(data: StaffOrderDetail): CancelPanelOrder {
  const holding = data.lines.some((line) => line.status === 'ACTIVE');
  return {
    number: data.reference,
    lines: data.lines.map((line) => ({
      id: line.id,
      name: [line.name, line.audience, line.date].filter(Boolean).join(' · '),
      quantity: line.quantity,
      cancelledQuantity: line.cancelled_quantity,
      cancellable: holding && ['PRODUCT', 'UPSELL'].includes(line.kind),
    })),
    tickets: data.tickets.map((ticket) => ({
      id: ticket.id,
      lineId: ticket.line_id,
      admitted: ticket.state === 'ADMITTED',
      cancelled: ticket.state === 'CANCELLED',
    })),
  };
}

const REFUND_STATUS_KEY = {
  pending: 'refunds.status_pending',
  succeeded: 'refunds.status_succeeded',
  failed: 'refunds.status_failed',
} as const satisfies Record<StaffOrderDetail['refunds'][number]['status'], StaffKey>;

/** The order's refunds with their state; a failed one can be tried again from here. */
function Refunds({ order, onChange }: { order: StaffOrderDetail; onChange: () => void }) {
  const t = useStaffText();
  const format = useFormat();
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  async function retry(id: number) {
    setBusy(id);
    setFailed(null);
    try {
      await retryRefund(id);
    } catch (error) {
      setFailed(ordersErrorText(t, error));
    } finally {
      setBusy(null);
      onChange();
    }
  }
  return (
    <Block title={t('refunds.list_title')}>
      {failed && <Alert tone="danger">{failed}</Alert>}
      <ul className="kassa-desk-order__list">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <span>
              {t(REFUND_STATUS_KEY[refund.status], {
                amount: format.money(refund.amount_cents, order.currency),
              })}
            </span>
            <span className="kassa-desk-order__muted">
              {t(`refunds.method_${refund.method}`)} · {refund.actor} · {format.instant(refund.created_at)}
            </span>
            {refund.status === 'failed' && (
              <button
                type="button"
                className="kassa-button kassa-button--secondary"
                disabled={busy !== null}
                onClick={() => void retry(refund.id)}
              >
                {t('refunds.retry')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Block>
  );
}

export function OrderPage() {
  const t = useStaffText();
  const { number = '' } = useParams();
  const order = useStaffOrder(number);
  const format = useFormat();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
  const title = t('orders.order_title', { number: formatOrderReference(number.replace(/\D/g, '')) });
  if (order.isPending) return <Loading label={t('orders.loading_order')} />;
  if (order.isError) {
    return (
      <section className="kassa-staff__page">
        <title>{title}</title>
        <h1>{title}</h1>
        <Alert tone="danger">{ordersErrorText(t, order.error)}</Alert>
        <p>
          <Link to="/staff/orders">{t('orders.back')}</Link>
        </p>
      </section>
    );
  }
  const data = order.data;
  const { customer } = data;
  return (
    <section className="kassa-staff__page kassa-desk-order">
      <title>{title}</title>
      <p className="kassa-desk-order__back">
        <Link to="/staff/orders">{t('orders.back')}</Link>
      </p>
      <h1>{title}</h1>
      <Facts
        items={[
          [t('orders.col_status'), t(`status.${data.status}`)],
          [t('orders.col_total'), format.money(data.totals.total_cents, data.currency)],
          [t('orders.col_bought'), format.instant(data.created_at)],
          ...(data.paid_at
            ? [[t('orders.paid_at'), format.instant(data.paid_at)] as [string, ReactNode]]
            : []),
          ...(data.coupon_codes.length > 0
            ? [[t('orders.coupons'), data.coupon_codes.join(', ')] as [string, ReactNode]]
            : []),
          // A company's order: its invoice and credit notes as e-invoices (decision 0244).
          ...(data.einvoices && data.einvoices.length > 0
            ? [
                [
                  t('einvoice.label'),
                  <span className="kassa-desk-order__einvoices">
                    {data.einvoices.map((document, index) => (
                      <Fragment key={document.url}>
                        {index > 0 && ' · '}
                        <a href={document.url} download>
                          {t('einvoice.download', { number: document.number })}
                        </a>
                      </Fragment>
                    ))}
                  </span>,
                ] as [string, ReactNode],
              ]
            : []),
        ]}
      />
      <Block title={t('orders.customer')}>
        <Facts
          items={[
            [t('orders.name'), `${customer.first_name} ${customer.last_name}`.trim()],
            [t('orders.email'), customer.email],
            ...(customer.company ? [[t('orders.company'), customer.company] as [string, ReactNode]] : []),
            ...customer.fields.map(
              (field) =>
                [
                  field.label,
                  typeof field.value === 'boolean'
                    ? field.value
                      ? t('orders.yes')
                      : t('orders.no')
                    : field.value,
                ] as [string, ReactNode],
            ),
          ]}
        />
      </Block>
      <Block title={t('orders.lines')}>
        <ul className="kassa-desk-order__list">
          {data.lines.map((line) => (
            <li key={line.id}>
              <span className="kassa-desk-order__line-name">
                {line.quantity}×{' '}
                {line.name || t(`orders.line_${line.kind}` as StaffKey, { defaultValue: line.kind })}
                {line.audience ? ` · ${line.audience}` : ''}
              </span>
              {line.date && (
                <span className="kassa-desk-order__muted">
                  {format.day(line.date)}
                  {line.start ? ` ${line.start}` : ''}
                </span>
              )}
              <span>{format.money(line.total_cents, data.currency)}</span>
            </li>
          ))}
        </ul>
      </Block>
      {data.tickets.length > 0 && (
        <Block title={t('orders.tickets')}>
          <ul className="kassa-desk-order__list">
            {data.tickets.map((ticket, index) => (
              <li key={ticket.id}>
                <span>
                  {t('orders.ticket', { n: index + 1 })} · {ticket.product}
                  {ticket.audience ? ` · ${ticket.audience}` : ''}
                </span>
                <span
                  className={`kassa-desk-order__state kassa-desk-order__state--${ticket.state.toLowerCase()}`}
                >
                  {ticket.state === 'ADMITTED' && ticket.admitted_at
                    ? t('orders.admitted_at', {
                        at: format.instant(ticket.admitted_at),
                        by: ticket.admitted_by ?? '–',
                      })
                    : t(`orders.state_${ticket.state}`)}
                </span>
              </li>
            ))}
          </ul>
        </Block>
      )}
      <Block title={t('orders.payments')}>
        {data.payments.length === 0 ? (
          <p>{t('orders.no_payments')}</p>
        ) : (
          <ul className="kassa-desk-order__list">
            {data.payments.map((payment, index) => (
              <li key={index}>
                <span>
                  {payment.gateway} · {payment.status}
                </span>
                <span className="kassa-desk-order__muted kassa-desk-order__ref">
                  {payment.provider_ref ?? '–'}
                </span>
                <span>{format.money(payment.amount_cents, payment.currency)}</span>
              </li>
            ))}
          </ul>
        )}
        {data.status === 'INVOICED' && <MarkPaidForm order={data} />}
      </Block>
      {data.refunds.length > 0 && <Refunds order={data} onChange={refresh} />}
      <CancelOrderPanel order={cancelPanelOrder(data)} onDone={refresh} />
      {data.kind === 'PRODUCT' && ['PAID', 'REBOOKED'].includes(data.status) && (
        <MoveOrderPanel key={data.reference} number={formatOrderReference(data.reference)} onDone={refresh} />
      )}
      <Block title={t('orders.mails')}>
        {data.mails.length === 0 ? (
          <p>{t('orders.no_mails')}</p>
        ) : (
          <ul className="kassa-desk-order__list">
            {data.mails.map((mail, index) => (
              <li key={index}>
                <span>{kindText(t, mail.kind)}</span>
                <span className="kassa-desk-order__muted">{mail.to ?? t('orders.order_address')}</span>
                <span>
                  {format.instant(mail.at)} ·{' '}
                  {t(`orders.mail_status_${mail.status}` as StaffKey, { defaultValue: mail.status })}
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3>{t('orders.resend_title')}</h3>
        <ResendForm key={`${data.customer.email}-${data.resendable.join()}`} order={data} />
      </Block>
      <Block title={t('orders.correct_title')}>
        <CorrectForm key={JSON.stringify(data.customer)} order={data} />
      </Block>
      {(data.rebookings.rebook_of || data.rebookings.rebooked_into.length > 0) && (
        <Block title={t('orders.rebookings')}>
          <ul className="kassa-desk-order__list">
            {data.rebookings.rebook_of && (
              <li>
                {t('orders.rebook_of')}{' '}
                <Link to={`/staff/orders/${data.rebookings.rebook_of}`}>
                  {formatOrderReference(data.rebookings.rebook_of)}
                </Link>
              </li>
            )}
            {data.rebookings.rebooked_into.map((reference) => (
              <li key={reference}>
                {t('orders.rebooked_into')}{' '}
                <Link to={`/staff/orders/${reference}`}>{formatOrderReference(reference)}</Link>
              </li>
            ))}
          </ul>
        </Block>
      )}
      <Block title={t('orders.history')}>
        {data.history.length === 0 ? (
          <p>{t('orders.no_history')}</p>
        ) : (
          <div className="kassa-audit">
            <AuditTable entries={data.history} caption={t('orders.history')} />
          </div>
        )}
      </Block>
    </section>
  );
}
