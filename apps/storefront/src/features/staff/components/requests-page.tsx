import type { StaffRequest } from '@kassa/domain/contract/staff-requests';
import { texts } from '@/lib/texts';
import { useId, useState } from 'react';
import { Link } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { useDecideRequest, useStaffRequests } from '../api/staff-requests';
import { useStaffOrder } from '../api/staff-orders';
import { useStaffText, type StaffKey, type StaffText } from '../hooks/use-staff-text';
import './orders.css';

const STATUSES = ['open', 'approved', 'declined'] as const;

function errorText(t: StaffText, error: unknown): string {
  const code = isApiError(error) ? error.code.toLowerCase() : '';
  for (const key of [`requests.errors.${code}`, `refunds.errors.${code}`]) {
    if (/^[a-z0-9_]+$/.test(code) && texts.exists(`staff:${key}`)) return t(key as StaffKey);
  }
  return t('requests.errors.unexpected');
}

/** Approving cancels all that is left of the order, refunded as chosen; a part is chosen on the order page. */
function ApproveForm({ request }: { request: StaffRequest }) {
  const t = useStaffText();
  const id = useId();
  const order = useStaffOrder(request.order_number);
  const { approve } = useDecideRequest(request.id);
  const [method, setMethod] = useState<'original' | 'voucher'>('original');
  const lines = (order.data?.lines ?? [])
    .filter((line) => line.status === 'ACTIVE' && line.quantity - line.cancelled_quantity > 0)
    .map((line) => ({ id: line.id }));
  return (
    <form
      className="kassa-staff__request-form"
      onSubmit={(event) => {
        event.preventDefault();
        approve.mutate({ lines, refund: method });
      }}
    >
      <label htmlFor={`${id}-method`}>{t('requests.refund_label')}</label>
      <select
        id={`${id}-method`}
        value={method}
        onChange={(e) => setMethod(e.target.value as 'original' | 'voucher')}
      >
        <option value="original">{t('requests.refund_original')}</option>
        <option value="voucher">{t('requests.refund_voucher')}</option>
      </select>
      <button type="submit" disabled={approve.isPending || lines.length === 0}>
        {t('requests.approve_all')}
      </button>
      {approve.isError && <Alert tone="danger">{errorText(t, approve.error)}</Alert>}
    </form>
  );
}

function DeclineForm({ request }: { request: StaffRequest }) {
  const t = useStaffText();
  const id = useId();
  const { decline } = useDecideRequest(request.id);
  const [message, setMessage] = useState('');
  return (
    <form
      className="kassa-staff__request-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (message.trim()) decline.mutate(message.trim());
      }}
    >
      <label htmlFor={`${id}-message`}>{t('requests.decline_label')}</label>
      <textarea
        id={`${id}-message`}
        value={message}
        required
        maxLength={2000}
        onChange={(e) => setMessage(e.target.value)}
      />
      <button type="submit" disabled={decline.isPending}>
        {t('requests.decline')}
      </button>
      {decline.isError && <Alert tone="danger">{errorText(t, decline.error)}</Alert>}
    </form>
  );
}

function RequestCard({ request }: { request: StaffRequest }) {
  const t = useStaffText();
  return (
    <li className="kassa-staff__request">
      <h2>
        {request.first_name} {request.last_name} · {request.order_number}
      </h2>
      <p>
        {request.email} · {new Date(request.created_at).toLocaleString(texts.language)}
      </p>
      {request.message && <blockquote>{request.message}</blockquote>}
      {request.order_linked ? (
        <p>
          <Link to={`/staff/orders/${encodeURIComponent(request.order_number)}`}>
            {t('requests.open_order', { number: request.order_number })}
          </Link>
        </p>
      ) : (
        <p className="kassa-staff__note">{t('requests.not_linked')}</p>
      )}
      {request.status === 'open' ? (
        <>
          {request.order_linked && <ApproveForm request={request} />}
          <DeclineForm request={request} />
        </>
      ) : (
        <p>
          {t(`requests.decided_${request.status}`, { who: request.decided_by ?? '' })}
          {request.answer && ` — ${request.answer}`}
        </p>
      )}
    </li>
  );
}

/** /staff/requests (box office, managers): refund requests from the FAQ page, approved or declined here (decision 0239). */
export function RequestsPage() {
  const t = useStaffText();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('open');
  const requests = useStaffRequests(status);
  return (
    <section className="kassa-staff__page">
      <title>{t('requests.title')}</title>
      <h1>{t('requests.title')}</h1>
      <div role="group" aria-label={t('requests.filter')} className="kassa-staff__tabs">
        {STATUSES.map((name) => (
          <button key={name} type="button" aria-pressed={status === name} onClick={() => setStatus(name)}>
            {t(`requests.status_${name}`)}
          </button>
        ))}
      </div>
      {requests.isPending ? (
        <Loading label={t('loading')} />
      ) : requests.isError ? (
        <Alert tone="danger">{errorText(t, requests.error)}</Alert>
      ) : requests.data.requests.length === 0 ? (
        <p>{t('requests.none')}</p>
      ) : (
        <ul className="kassa-staff__requests">
          {requests.data.requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
