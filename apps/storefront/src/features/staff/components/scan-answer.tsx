import type { ScanSlot } from '@kassa/domain/contract/staff';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatLongDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { isApiError } from '@/lib/api-error';
import { undoAdmission } from '../api/scan-code';
import type { DoorAnswer } from '../hooks/use-door';
import { staffErrorKey, useStaffText, type StaffKey } from '../hooks/use-staff-text';
import { resultTone } from '../utils/result-tone';
import { scanResultKey } from '../utils/scan-result-key';
import { PassHolder } from './pass-holder';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

function slotTime(slot: ScanSlot): string | null {
  return formatTimeRange(slot.start, slot.end);
}

/**
 * A scan's answer over the whole screen, in colour (green in, amber not now,
 * red never), until "Next scan" (big, at the bottom, for a thumb). A valid
 * online admission can be undone for a few minutes.
 */
export function ScanAnswer({ answer, onNext }: { answer: DoorAnswer; onNext: () => void }) {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone, dateFormat } = pageDefinitions();
  const nextRef = useRef<HTMLButtonElement>(null);
  const [undo, setUndo] = useState<'idle' | 'busy' | 'done' | StaffKey>('idle');
  useEffect(() => nextRef.current?.focus(), []);
  const { ticket, pass, admitted, rebooked_to: moved } = answer;
  const day = (date: string) => formatLongDate(date, timeZone, language);
  // The server answers UNDO_WINDOW_PASSED once the window has closed.
  const canUndo = answer.admission_id !== null && answer.undo_until !== null;

  async function takeBack() {
    if (answer.admission_id === null) return;
    setUndo('busy');
    try {
      await undoAdmission(answer.admission_id);
      setUndo('done');
    } catch (error) {
      setUndo(staffErrorKey(isApiError(error) ? error.code : undefined));
    }
  }

  const tone = undo === 'done' ? 'warn' : resultTone(answer.result);
  return (
    <div
      className={`kassa-staff__answer kassa-staff__answer--${tone}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="staff-answer-title"
      aria-describedby="staff-answer-details"
    >
      <div className="kassa-staff__answer-body">
        <h2 id="staff-answer-title" className="kassa-staff__answer-title">
          {t(scanResultKey(answer.result))}
        </h2>
        <div id="staff-answer-details" className="kassa-staff__answer-details">
          {answer.result === 'CANCELLED' && <p>{t('refunds.result_cancelled_detail')}</p>}
          {pass && <PassHolder pass={pass} />}
          {ticket && (
            <>
              <p className="kassa-staff__answer-product">{ticket.product}</p>
              <p>{ticket.date ? t('result.day', { date: day(ticket.date) }) : t('result.any_day')}</p>
              {slotTime(ticket) && <p>{t('result.slot', { time: slotTime(ticket)! })}</p>}
              {ticket.audience && <p>{t('result.audience', { audience: ticket.audience })}</p>}
              <p>{t('result.order', { number: ticket.order })}</p>
              <p>{t('result.order_in', { admitted: ticket.order_admitted, total: ticket.order_tickets })}</p>
              {ticket.upsells.length > 0 && ticket.upsells_handed_out && (
                <p>
                  {t('result.handed_out', {
                    extras: ticket.upsells.map((extra) => `${extra.quantity} × ${extra.title}`).join(', '),
                  })}
                </p>
              )}
              {answer.result === 'VALID' && ticket.upsells.length > 0 && !ticket.upsells_handed_out && (
                <div className="kassa-staff__hand-out">
                  <p>{t('result.hand_out')}</p>
                  <ul>
                    {ticket.upsells.map((extra) => (
                      <li key={extra.title}>
                        {extra.quantity} × {extra.title}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
          {admitted && (
            <p className="kassa-staff__answer-strong">
              {t('result.used', {
                date: formatDate(new Date(admitted.at), timeZone, dateFormat),
                time: formatTime(new Date(admitted.at), timeZone),
                by: admitted.by,
              })}
            </p>
          )}
          {moved?.date && (
            <p className="kassa-staff__answer-strong">
              {slotTime(moved)
                ? t('result.rebooked_slot', { date: day(moved.date), time: slotTime(moved)! })
                : t('result.rebooked_to', { date: day(moved.date) })}
            </p>
          )}
          {answer.offline && <p>{t('result.offline_note')}</p>}
          {undo === 'done' && <p role="status">{t('result.undone')}</p>}
          {undo !== 'idle' && undo !== 'busy' && undo !== 'done' && <p role="alert">{t(undo)}</p>}
        </div>
      </div>
      <div className="kassa-staff__answer-actions">
        {canUndo && undo !== 'done' && (
          <button
            type="button"
            className="kassa-staff__undo"
            onClick={() => void takeBack()}
            aria-disabled={undo === 'busy' || undefined}
          >
            {undo === 'busy' ? t('result.undoing') : t('result.undo')}
          </button>
        )}
        <button ref={nextRef} type="button" className="kassa-staff__next" onClick={onNext}>
          {t('result.next')}
        </button>
      </div>
    </div>
  );
}
