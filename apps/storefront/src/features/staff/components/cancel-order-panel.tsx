import type {
  Cancellation,
  CancelRequest,
  RefundMethodChoice,
  StaffRefund,
} from '@kassa/domain/contract/staff-refunds';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/lib/use-language';
import { cancelOrder, previewCancellation, retryRefund } from '../api/staff-refunds';
import { useStaffRole } from '../hooks/use-staff-role';
import { staffErrorText, useStaffAction } from '../hooks/use-staff-action';
import { useStaffText, type StaffKey } from '../hooks/use-staff-text';
import './cancel-order-panel.css';

/**
 * What the panel needs of the staff order page's data (the order page maps
 * its own answer onto this): the number as printed, the lines with their
 * names and what is left of them, and the tickets with their state.
 */
export interface CancelPanelOrder {
  /** The order number as printed (`6857 4218 402`). */
  number: string;
  lines: {
    id: number;
    /** As the visitor bought it: "Evening show, Adult — 10-06-2026 20:00". */
    name: string;
    quantity: number;
    /** Units cancelled already. */
    cancelledQuantity: number;
    /** Tickets and extras can be cancelled; discounts and fees follow them. */
    cancellable: boolean;
  }[];
  tickets: { id: string; lineId: number; admitted: boolean; cancelled: boolean }[];
}

const STATUS_KEY: Record<StaffRefund['status'], StaffKey> = {
  pending: 'refunds.status_pending',
  succeeded: 'refunds.status_succeeded',
  failed: 'refunds.status_failed',
};

/**
 * Cancels tickets or items of a sold order and refunds them (decisions
 * 0235–0237): tick the tickets (one let in cannot be cancelled), set how
 * many of the extras, choose what comes back — the original payment, a gift
 * voucher, or (managers only) nothing — see the amounts the server works
 * out, then confirm. A refund the gateway declined can be tried again here.
 */
export function CancelOrderPanel({
  order,
  onDone,
}: {
  order: CancelPanelOrder;
  onDone?: (cancellation: Cancellation) => void;
}) {
  const t = useStaffText();
  const language = useLanguage();
  const role = useStaffRole();
  const id = useId();
  const [tickets, setTickets] = useState<string[]>([]);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [method, setMethod] = useState<RefundMethodChoice>('original');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<Cancellation | null>(null);
  const [done, setDone] = useState<Cancellation | null>(null);
  const [refund, setRefund] = useState<StaffRefund | null>(null);
  const { busy, error, setError, run } = useStaffAction<'preview' | 'cancel' | 'retry'>((failure) =>
    staffErrorText(t, failure, 'refunds'),
  );

  const ticketLines = new Set(order.tickets.map((ticket) => ticket.lineId));
  const extras = order.lines.filter(
    (line) => line.cancellable && !ticketLines.has(line.id) && line.quantity > line.cancelledQuantity,
  );
  const lineName = (lineId: number) => order.lines.find((line) => line.id === lineId)?.name ?? '';
  const openTickets = order.tickets.filter((ticket) => !ticket.cancelled);
  const nothingLeft = openTickets.every((ticket) => ticket.admitted) && extras.length === 0;
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, language);

  function changed() {
    setPreview(null);
    setError(null);
  }

  function body(): CancelRequest {
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([lineId, quantity]) => ({ id: Number(lineId), quantity }));
    return {
      ...(tickets.length > 0 ? { tickets } : {}),
      ...(lines.length > 0 ? { lines } : {}),
      refund: method,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
  }

  async function showAmounts(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (tickets.length === 0 && Object.values(quantities).every((quantity) => !quantity)) {
      setError(t('refunds.errors.cancel_nothing_chosen'));
      return;
    }
    setPreview(await run('preview', () => previewCancellation(order.number, body())));
  }

  async function confirm() {
    if (busy || !preview) return;
    const result = await run('cancel', () => cancelOrder(order.number, body()));
    if (!result) return;
    setDone(result);
    setRefund(result.refund);
    onDone?.(result);
  }

  async function retry() {
    if (busy || !refund) return;
    const result = await run('retry', () => retryRefund(refund.id));
    if (result) setRefund(result);
  }

  if (done) {
    const currency = done.currency;
    return (
      <section className="kassa-cancel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('refunds.panel_title')}</h2>
        <Alert tone="success">
          <p>{t('refunds.done')}</p>
          {refund && refund.method !== 'none' && refund.amount_cents > 0 && (
            <p>{t(STATUS_KEY[refund.status], { amount: money(refund.amount_cents, currency) })}</p>
          )}
          {refund?.voucher_code && <p>{t('refunds.voucher_code', { code: refund.voucher_code })}</p>}
        </Alert>
        {refund?.status === 'failed' && (
          <button
            type="button"
            className="kassa-button"
            onClick={retry}
            aria-disabled={busy !== null || undefined}
          >
            {busy === 'retry' && <Spinner />}
            {busy === 'retry' ? t('refunds.retrying') : t('refunds.retry')}
          </button>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
      </section>
    );
  }

  return (
    <section className="kassa-cancel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('refunds.panel_title')}</h2>
      {nothingLeft ? (
        <p>{t('refunds.nothing_left')}</p>
      ) : (
        <form noValidate onSubmit={showAmounts} className="kassa-cancel__form">
          <p className="kassa-staff__note">{t('refunds.panel_intro')}</p>
          {order.tickets.length > 0 && (
            <fieldset className="kassa-cancel__group">
              <legend>{t('refunds.tickets')}</legend>
              {order.tickets.map((ticket, index) => {
                const locked = ticket.admitted || ticket.cancelled;
                const note = ticket.cancelled
                  ? t('refunds.cancelled')
                  : ticket.admitted
                    ? t('refunds.admitted')
                    : null;
                return (
                  <label key={ticket.id} className="kassa-cancel__choice">
                    <input
                      type="checkbox"
                      checked={tickets.includes(ticket.id)}
                      disabled={locked}
                      onChange={(event) => {
                        changed();
                        setTickets((chosen) =>
                          event.target.checked
                            ? [...chosen, ticket.id]
                            : chosen.filter((candidate) => candidate !== ticket.id),
                        );
                      }}
                    />
                    <span>
                      {t('refunds.ticket', { number: index + 1 })} · {lineName(ticket.lineId)}
                      {note && <span className="kassa-cancel__note"> ({note})</span>}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}
          {extras.length > 0 && (
            <fieldset className="kassa-cancel__group">
              <legend>{t('refunds.items')}</legend>
              {extras.map((line) => {
                const left = line.quantity - line.cancelledQuantity;
                return (
                  <label key={line.id} className="kassa-cancel__quantity">
                    <span>
                      {t('refunds.quantity', { name: line.name })}{' '}
                      <span className="kassa-cancel__note">({t('refunds.left', { count: left })})</span>
                    </span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      value={quantities[line.id] ?? 0}
                      onChange={(event) => {
                        changed();
                        const value = Math.max(
                          0,
                          Math.min(left, Math.trunc(Number(event.target.value) || 0)),
                        );
                        setQuantities((current) => ({ ...current, [line.id]: value }));
                      }}
                    />
                  </label>
                );
              })}
            </fieldset>
          )}
          <fieldset className="kassa-cancel__group">
            <legend>{t('refunds.method')}</legend>
            {(['original', 'voucher', ...(role === 'manager' ? (['none'] as const) : [])] as const).map(
              (choice) => (
                <label key={choice} className="kassa-cancel__choice">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={choice}
                    checked={method === choice}
                    onChange={() => {
                      changed();
                      setMethod(choice);
                    }}
                  />
                  <span>{t(`refunds.method_${choice}`)}</span>
                </label>
              ),
            )}
          </fieldset>
          <TextField
            name="reason"
            label={t('refunds.reason')}
            value={reason}
            onChange={(value) => {
              setReason(value);
            }}
            maxLength={500}
          />
          <button
            type="submit"
            className="kassa-button kassa-button--secondary"
            aria-disabled={busy !== null || undefined}
          >
            {busy === 'preview' && <Spinner />}
            {busy === 'preview' ? t('refunds.previewing') : t('refunds.preview')}
          </button>
          <div role="status" aria-live="polite" className="kassa-cancel__preview">
            {preview && (
              <>
                <p className="kassa-cancel__amount">
                  {t('refunds.preview_amount', { amount: money(preview.amount_cents, preview.currency) })}
                </p>
                <p>{t('refunds.preview_share', { amount: money(preview.share_cents, preview.currency) })}</p>
                <p>
                  {t('refunds.preview_paid', {
                    paid: money(preview.paid_cents, preview.currency),
                    refunded: money(preview.refunded_before_cents, preview.currency),
                  })}
                </p>
                {preview.order_status === 'CANCELLED' && <p>{t('refunds.preview_all')}</p>}
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
              {busy === 'cancel' && <Spinner />}
              {busy === 'cancel'
                ? t('refunds.cancelling')
                : method === 'none'
                  ? t('refunds.confirm_none')
                  : t('refunds.confirm', { amount: money(preview.amount_cents, preview.currency) })}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
