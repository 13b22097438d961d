import type { ScanResult, ScannedTicket } from '@kassa/domain/contract/staff';
import { ticketTiming } from '@kassa/domain/rules/admission';
import type { QueuedAdmission, StoredList } from './offline-store';

export interface OfflineDecision {
  answer: ScanResult;
  /** The admission to queue when the answer is VALID. */
  queued: QueuedAdmission | null;
}

function answer(result: ScanResult['result'], values: Partial<ScanResult> = {}): ScanResult {
  return {
    result,
    admission_id: null,
    undo_until: null,
    ticket: null,
    pass: null,
    admitted: null,
    rebooked_to: null,
    ...values,
  };
}

/**
 * Another ticket of the same order's item let in by this device since the
 * list came: its extras went out with that ticket (decision 0185).
 */
function itemLetInOnDevice(
  ticket: ScannedTicket,
  list: StoredList,
  queue: readonly QueuedAdmission[],
): boolean {
  return queue.some((queued) => {
    const other = list.tickets[queued.hash]?.ticket;
    return other !== undefined && other.order === ticket.order && other.item === ticket.item;
  });
}

/**
 * A scan decided on the device while offline (decision 0094), with the same
 * rules as the server: in today's list (paid, for today or any day), not let
 * in before (at download or since, on this device), and in its slot now.
 * Passes and codes not on the list answer UNKNOWN: they need the server.
 */
export function offlineScan(
  code: string,
  hash: string,
  list: StoredList,
  queue: readonly QueuedAdmission[],
  now: { date: string; time: string; instant: Date },
  by: string,
): OfflineDecision {
  const entry = list.tickets[hash];
  if (!entry) return { answer: answer('UNKNOWN'), queued: null };
  const ticket = entry.ticket;
  const earlier = queue.find((item) => item.hash === hash);
  if (earlier) {
    return {
      answer: answer('ALREADY_USED', { ticket, admitted: { at: earlier.scanned_at, by } }),
      queued: null,
    };
  }
  if (entry.admitted) return { answer: answer('ALREADY_USED', { ticket }), queued: null };
  const timing = ticketTiming({ date: ticket.date, start: ticket.start, end: ticket.end }, now);
  if (timing !== 'OK') return { answer: answer(timing, { ticket }), queued: null };
  const handedOut = ticket.upsells_handed_out || itemLetInOnDevice(ticket, list, queue);
  return {
    answer: answer('VALID', {
      ticket: { ...ticket, upsells_handed_out: handedOut, order_admitted: ticket.order_admitted + 1 },
    }),
    queued: { code: code.trim(), hash, scanned_at: now.instant.toISOString() },
  };
}
