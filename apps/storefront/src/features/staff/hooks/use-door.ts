import type { ScanResult } from '@kassa/domain/contract/staff';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { todayIn, zonedParts } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { getOfflineList, syncAdmissions } from '../api/offline-door';
import { scanCode } from '../api/scan-code';
import { codeHash } from '../utils/code-hash';
import { offlineScan } from '../utils/offline-scan';
import { offlineStore, toStoredList, type ReportItem } from '../utils/offline-store';
import { staffSession } from '../utils/staff-session';

/** How often the list of today's tickets is fetched again, and queued admissions retried, while online. */
const REFRESH_MS = 60_000;

export interface DoorAnswer extends ScanResult {
  /** Decided on this device while offline. */
  offline: boolean;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * The scanner's connection to the door (decision 0094): scans go to the
 * server while online; offline, they are decided against today's list of
 * hashed ticket codes and queued, and the queue is sent when the connection
 * is back. What came back as let in twice (or refused) goes to the report.
 */
export function useDoor() {
  const [online, setOnline] = useState(isOnline);
  const [list, setList] = useState(offlineStore.list);
  const [queue, setQueue] = useState(offlineStore.queue);
  const [report, setReport] = useState(offlineStore.report);
  const [synced, setSynced] = useState(0);
  const syncing = useRef(false);
  const timeZone = pageDefinitions().timeZone;

  const refreshList = useCallback(async () => {
    try {
      const stored = toStoredList(await getOfflineList());
      offlineStore.saveList(stored);
      setList(stored);
    } catch {
      // offline or refused: keep the list we have
    }
  }, []);

  const sync = useCallback(async () => {
    const pending = offlineStore.queue();
    if (syncing.current || pending.length === 0 || !isOnline()) return;
    syncing.current = true;
    try {
      const { results } = await syncAdmissions({
        admissions: pending.map(({ code, scanned_at }) => ({ code, scanned_at })),
      });
      const sent = new Set(pending.map((item) => item.code));
      const left = offlineStore.queue().filter((item) => !sent.has(item.code));
      offlineStore.saveQueue(left);
      setQueue(left);
      const problems: ReportItem[] = results.filter(
        (result) => result.duplicate || result.result !== 'VALID',
      );
      if (problems.length > 0) {
        const next = [...offlineStore.report(), ...problems];
        offlineStore.saveReport(next);
        setReport(next);
      }
      setSynced((count) => count + results.length);
      await refreshList();
    } catch {
      // still offline or the server is away: try again later
    } finally {
      syncing.current = false;
    }
  }, [refreshList]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    // From a timer, not the effect body: the first fetch must not render synchronously.
    const first = window.setTimeout(() => void refreshList().then(sync), 0);
    const timer = window.setInterval(() => {
      if (!isOnline()) return;
      void refreshList();
      void sync();
    }, REFRESH_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [refreshList, sync]);

  const scanOffline = useCallback(
    async (code: string): Promise<DoorAnswer | null> => {
      const current = offlineStore.list();
      const now = new Date();
      if (!current || current.day !== todayIn(timeZone, now)) return null;
      const parts = zonedParts(now, timeZone);
      const pending = offlineStore.queue();
      const decision = offlineScan(
        code,
        await codeHash(code),
        current,
        pending,
        { date: current.day, time: `${parts.hour}:${parts.minute}`, instant: now },
        staffSession()?.staff.name || staffSession()?.staff.email || '',
      );
      if (decision.queued) {
        const next = [...pending, decision.queued];
        offlineStore.saveQueue(next);
        setQueue(next);
      }
      return { ...decision.answer, offline: true };
    },
    [timeZone],
  );

  /** Scans a code: online through the server, else offline; null when offline without today's list. */
  const scan = useCallback(
    async (code: string): Promise<DoorAnswer | null> => {
      if (isOnline()) {
        try {
          return { ...(await scanCode(code)), offline: false };
        } catch (error) {
          if (!(isApiError(error) && error.code === 'NETWORK_ERROR')) throw error;
        }
      }
      return scanOffline(code);
    },
    [scanOffline],
  );

  const dismissReport = useCallback(() => {
    offlineStore.saveReport([]);
    setReport([]);
  }, []);

  return { online, list, queue, report, synced, scan, dismissReport };
}
