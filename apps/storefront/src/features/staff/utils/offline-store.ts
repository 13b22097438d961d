/**
 * What the scanner keeps on the device for offline admission (decision
 * 0094), in localStorage so a reload keeps it: today's list of hashed
 * ticket codes, the admissions made offline and not yet sent, and the
 * report of tickets let in twice.
 */
import type { OfflineList, ScannedTicket, SyncResult } from '@kassa/domain/contract/staff';

export interface StoredList {
  day: string;
  generatedAt: string;
  tickets: Record<string, { admitted: boolean; ticket: ScannedTicket }>;
}

export interface QueuedAdmission {
  code: string;
  hash: string;
  scanned_at: string;
}

export type ReportItem = SyncResult['results'][number];

const KEYS = {
  list: 'kassa.staff.offline-list',
  queue: 'kassa.staff.offline-queue',
  report: 'kassa.staff.offline-report',
} as const;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the state lasts for this page only
  }
}

export function toStoredList(list: OfflineList): StoredList {
  return {
    day: list.day,
    generatedAt: list.generated_at,
    tickets: Object.fromEntries(
      list.tickets.map((entry) => [entry.hash, { admitted: entry.admitted, ticket: entry.ticket }]),
    ),
  };
}

export const offlineStore = {
  list: () => read<StoredList | null>(KEYS.list, null),
  saveList: (list: StoredList) => write(KEYS.list, list),
  queue: () => read<QueuedAdmission[]>(KEYS.queue, []),
  saveQueue: (queue: QueuedAdmission[]) => write(KEYS.queue, queue),
  report: () => read<ReportItem[]>(KEYS.report, []),
  saveReport: (report: ReportItem[]) => write(KEYS.report, report),
  /** Logging out forgets the list and report; unsent admissions stay until sent. */
  clear: () => {
    try {
      localStorage.removeItem(KEYS.list);
      localStorage.removeItem(KEYS.report);
    } catch {
      // storage blocked
    }
  },
};
