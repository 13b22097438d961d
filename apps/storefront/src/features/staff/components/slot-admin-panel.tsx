import type { ClosePlotAnswer } from '@kassa/domain/contract/staff-refunds';
import type { OccupancyRow } from '@kassa/domain/contract/staff-reports';
import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { useQueryClient } from '@tanstack/react-query';
import { texts } from '@/lib/texts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { changeCapacity, closeSlot, closeWholeDay, useSlotOccupancy } from '../api/staff-slot-admin';
import { useStaffRole } from '../hooks/use-staff-role';
import { staffErrorKey, useStaffText, type StaffKey, type StaffText } from '../hooks/use-staff-text';
import './slot-admin-panel.css';

/** The slot the panel manages, as its attendee list knows it. */
export interface SlotAdminPlot {
  id: number;
  product: string;
  /** YYYY-MM-DD; null for a product's open plot (nothing to close by day). */
  date: string | null;
  /** Orders with tickets on the slot (what closing it moves or cancels). */
  orders: number;
}

type Step =
  { kind: 'idle' } | { kind: 'confirm'; action: 'slot' | 'day' } | { kind: 'busy'; action: 'slot' | 'day' };

/** slotAdmin.errors.<code>, else the staff errors. */
function codeText(t: StaffText, code: string): string {
  const own = `slotAdmin.errors.${code.toLowerCase()}`;
  if (/^[a-z0-9_]+$/.test(code.toLowerCase()) && texts.exists(`staff:${own}`)) return t(own as StaffKey);
  return t(staffErrorKey(code));
}

function slotAdminErrorText(t: StaffText, error: unknown): string {
  return codeText(t, isApiError(error) ? error.code : '');
}

function useSlotWords() {
  const { timeZone, dateFormat } = pageDefinitions();
  return (row: Pick<OccupancyRow, 'date' | 'start_time' | 'end_time'>) =>
    [
      row.date ? formatDate(row.date, timeZone, dateFormat) : null,
      formatTimeRange(row.start_time, row.end_time),
    ]
      .filter(Boolean)
      .join(' ');
}

/**
 * A manager's controls for one slot (decisions 0238, 0248, 0270): its capacity,
 * closing it (its bookings moved to another slot of the product or cancelled
 * and refunded), closing the product's whole day. Each close is confirmed
 * first; the result is read out and links every order. Other roles see
 * nothing (the server refuses them too).
 */
export function SlotAdminPanel({ plot }: { plot: SlotAdminPlot }) {
  const role = useStaffRole();
  if (role !== 'manager' || plot.date === null) return null;
  return <ManagerSlotAdmin plot={plot} date={plot.date} />;
}

function ManagerSlotAdmin({ plot, date }: { plot: SlotAdminPlot; date: string }) {
  const t = useStaffText();
  const words = useSlotWords();
  const queryClient = useQueryClient();
  const occupancy = useSlotOccupancy(date);
  const ids = useId();
  const [capacity, setCapacity] = useState<string | null>(null);
  const [capacityNote, setCapacityNote] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [reason, setReason] = useState('');
  const [moveTo, setMoveTo] = useState('');
  const [dayReason, setDayReason] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<ClosePlotAnswer[] | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const slotReviewRef = useRef<HTMLButtonElement>(null);
  const dayReviewRef = useRef<HTMLButtonElement>(null);
  // Back puts focus on the button that opened the confirmation.
  const [backTo, setBackTo] = useState<'slot' | 'day' | null>(null);
  useEffect(() => {
    if (backTo && step.kind === 'idle') (backTo === 'slot' ? slotReviewRef : dayReviewRef).current?.focus();
  }, [backTo, step.kind]);

  useEffect(() => {
    if (step.kind === 'confirm') confirmRef.current?.focus();
  }, [step.kind]);
  useEffect(() => {
    if (results) resultRef.current?.focus();
  }, [results]);

  if (occupancy.isPending) return <p className="kassa-slot-admin">{t('slotAdmin.loading')}</p>;
  if (occupancy.isError) {
    return (
      <div className="kassa-slot-admin">
        <Alert tone="danger">{slotAdminErrorText(t, occupancy.error)}</Alert>
      </div>
    );
  }
  const rows = occupancy.data.plots;
  const row = rows.find((r) => r.plot_id === plot.id);
  if (!row) return null;
  const targets = rows.filter(
    (r) =>
      r.product_id === row.product_id &&
      r.plot_id !== row.plot_id &&
      !r.closed &&
      (r.free === null || r.free > 0),
  );
  const daySlots = rows.filter((r) => r.product_id === row.product_id && r.date === row.date && !r.closed);
  const daySold = daySlots.reduce((sum, r) => sum + r.sold, 0);
  const target = targets.find((r) => String(r.plot_id) === moveTo);
  const shownCapacity = capacity ?? (row.capacity === null ? '' : String(row.capacity));
  const busy = step.kind === 'busy';

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] });

  async function saveCapacity(event: FormEvent) {
    event.preventDefault();
    setCapacityNote(null);
    const value = shownCapacity.trim() === '' ? null : Number(shownCapacity);
    try {
      const answer = await changeCapacity(plot.id, value);
      setCapacity(null);
      setCapacityNote({
        tone: 'success',
        text:
          answer.capacity === null
            ? t('slotAdmin.capacity_saved_unlimited')
            : t('slotAdmin.capacity_saved', { capacity: answer.capacity, sold: answer.sold }),
      });
      await refresh();
    } catch (error) {
      setCapacityNote({ tone: 'danger', text: slotAdminErrorText(t, error) });
    }
  }

  function review(action: 'slot' | 'day') {
    return (event: FormEvent) => {
      event.preventDefault();
      setProblem(null);
      setResults(null);
      setBackTo(null);
      setStep({ kind: 'confirm', action });
    };
  }

  async function confirm(action: 'slot' | 'day') {
    setStep({ kind: 'busy', action });
    try {
      const answers =
        action === 'slot'
          ? [await closeSlot(plot.id, reason.trim(), target ? target.plot_id : null)]
          : (await closeWholeDay(row!.product_id, date, dayReason.trim())).slots;
      setStep({ kind: 'idle' });
      setResults(answers);
      await refresh();
    } catch (error) {
      setStep({ kind: 'idle' });
      setProblem(slotAdminErrorText(t, error));
    }
  }

  const confirmation = step.kind !== 'idle' && (
    <div
      className="kassa-slot-admin__confirm"
      ref={confirmRef}
      tabIndex={-1}
      aria-labelledby={`${ids}-confirm`}
    >
      <h3 id={`${ids}-confirm`}>{t('slotAdmin.confirm_title')}</h3>
      {step.action === 'slot' ? (
        <p>
          {target
            ? t('slotAdmin.confirm_slot_move', { orders: plot.orders, target: words(target) })
            : t('slotAdmin.confirm_slot_cancel', { orders: plot.orders })}
        </p>
      ) : (
        <p>
          {t('slotAdmin.confirm_day', { slots: daySlots.length, tickets: daySold, product: plot.product })}
        </p>
      )}
      <p>{t('slotAdmin.confirm_mailed')}</p>
      <div className="kassa-slot-admin__buttons">
        <button
          type="button"
          className="kassa-button"
          disabled={busy}
          onClick={() => void confirm(step.action)}
        >
          {step.action === 'slot' ? t('slotAdmin.confirm_slot_button') : t('slotAdmin.confirm_day_button')}
        </button>
        <button
          type="button"
          className="kassa-button kassa-button--secondary"
          disabled={busy}
          onClick={() => {
            setBackTo(step.action);
            setStep({ kind: 'idle' });
          }}
        >
          {t('slotAdmin.back')}
        </button>
      </div>
    </div>
  );

  return (
    <section className="kassa-slot-admin" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('slotAdmin.title')}</h2>

      <form className="kassa-slot-admin__form" onSubmit={(event) => void saveCapacity(event)}>
        <h3>{t('slotAdmin.capacity_title')}</h3>
        <label htmlFor={`${ids}-capacity`}>{t('slotAdmin.capacity_label')}</label>
        <input
          id={`${ids}-capacity`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={shownCapacity}
          aria-describedby={`${ids}-sold`}
          onChange={(event) => setCapacity(event.target.value)}
        />
        <p id={`${ids}-sold`} className="kassa-slot-admin__hint">
          {t('slotAdmin.capacity_sold', { sold: row.sold, reserved: row.reserved })}
        </p>
        <button type="submit" className="kassa-button">
          {t('slotAdmin.capacity_save')}
        </button>
        {capacityNote && <Alert tone={capacityNote.tone}>{capacityNote.text}</Alert>}
      </form>

      {row.closed ? (
        <p className="kassa-slot-admin__closed">{t('slotAdmin.closed_already')}</p>
      ) : (
        <form className="kassa-slot-admin__form" onSubmit={review('slot')}>
          <h3>{t('slotAdmin.close_title')}</h3>
          <label htmlFor={`${ids}-reason`}>{t('slotAdmin.reason_label')}</label>
          <textarea
            id={`${ids}-reason`}
            required
            maxLength={500}
            rows={2}
            value={reason}
            aria-describedby={`${ids}-reason-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={`${ids}-reason-hint`} className="kassa-slot-admin__hint">
            {t('slotAdmin.reason_hint')}
          </p>
          <label htmlFor={`${ids}-move`}>{t('slotAdmin.move_label')}</label>
          <select id={`${ids}-move`} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
            <option value="">{t('slotAdmin.move_none')}</option>
            {targets.map((r) => (
              <option key={r.plot_id} value={String(r.plot_id)}>
                {r.free === null
                  ? t('slotAdmin.move_option_unlimited', { slot: words(r) })
                  : t('slotAdmin.move_option', { slot: words(r), free: r.free })}
              </option>
            ))}
          </select>
          <button ref={slotReviewRef} type="submit" className="kassa-button" disabled={step.kind !== 'idle'}>
            {t('slotAdmin.close_review')}
          </button>
        </form>
      )}
      {step.kind !== 'idle' && step.action === 'slot' && confirmation}

      {daySlots.length > 0 && (
        <form className="kassa-slot-admin__form" onSubmit={review('day')}>
          <h3>
            {t('slotAdmin.day_title', { date: words({ date: row.date, start_time: null, end_time: null }) })}
          </h3>
          <label htmlFor={`${ids}-day-reason`}>{t('slotAdmin.reason_label')}</label>
          <textarea
            id={`${ids}-day-reason`}
            required
            maxLength={500}
            rows={2}
            value={dayReason}
            onChange={(event) => setDayReason(event.target.value)}
          />
          <button ref={dayReviewRef} type="submit" className="kassa-button" disabled={step.kind !== 'idle'}>
            {t('slotAdmin.day_review')}
          </button>
        </form>
      )}
      {step.kind !== 'idle' && step.action === 'day' && confirmation}

      {problem && <Alert tone="danger">{problem}</Alert>}

      <div aria-live="polite" className="kassa-slot-admin__result">
        {results && (
          <>
            <h3 ref={resultRef} tabIndex={-1}>
              {t('slotAdmin.result_title', { slots: results.length })}
            </h3>
            {results.map((result) => (
              <SlotResult key={result.plot} result={result} label={words(rowOf(rows, result.plot))} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}

function rowOf(rows: OccupancyRow[], plotId: number): Pick<OccupancyRow, 'date' | 'start_time' | 'end_time'> {
  return rows.find((r) => r.plot_id === plotId) ?? { date: null, start_time: null, end_time: null };
}

const orderLink = (number: string) => `/staff/orders/${encodeURIComponent(number)}`;

function SlotResult({ result, label }: { result: ClosePlotAnswer; label: string }) {
  const t = useStaffText();
  const nothing = result.moved.length + result.cancelled.length + result.refused.length === 0;
  return (
    <div className="kassa-slot-admin__slot-result">
      <p>
        <strong>{t('slotAdmin.result_closed', { slot: label })}</strong>
      </p>
      {nothing && <p>{t('slotAdmin.result_none')}</p>}
      {result.moved.length > 0 && (
        <>
          <h4>{t('slotAdmin.result_moved', { count: result.moved.length })}</h4>
          <ul>
            {result.moved.map((m) => (
              <li key={m.order_number}>
                <Link to={orderLink(m.order_number)}>{m.order_number}</Link>
                {' → '}
                <Link to={orderLink(m.new_order_number)}>{m.new_order_number}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.cancelled.length > 0 && (
        <>
          <h4>{t('slotAdmin.result_cancelled', { count: result.cancelled.length })}</h4>
          <ul>
            {result.cancelled.map((c) => (
              <li key={c.order_number}>
                <Link to={orderLink(c.order_number)}>{c.order_number}</Link>{' '}
                {t(`slotAdmin.refund_${c.refund_status}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.refused.length > 0 && (
        <>
          <h4>{t('slotAdmin.result_refused', { count: result.refused.length })}</h4>
          <ul>
            {result.refused.map((r) => (
              <li key={r.order_number}>
                <Link to={orderLink(r.order_number)}>{r.order_number}</Link> {codeText(t, r.code)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
