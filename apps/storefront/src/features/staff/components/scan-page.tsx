import { useCallback, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-error';
import { useDoor, type DoorAnswer } from '../hooks/use-door';
import { useQrReader } from '../hooks/use-qr-reader';
import { staffErrorKey, useStaffText, type StaffKey } from '../hooks/use-staff-text';
import { beep, unlockAudio } from '../utils/beep';
import { resultTone } from '../utils/result-tone';
import { CameraPanel } from './camera-panel';
import { DoorStatus } from './door-status';
import { ManualCodeForm } from './manual-code-form';
import { OfflineReport } from './offline-report';
import { ScanAnswer } from './scan-answer';

/** After "Next scan", the camera ignores the code it just answered for this long (it is often still in view). */
const SAME_CODE_PAUSE_MS = 5000;

/**
 * /staff/scan: the camera reads QR codes, or a code is typed; each answer
 * fills the screen in colour with a sound until "Next scan". Works offline
 * against today's list (decision 0094), with the QR reader fetched as the
 * page opens (decision 0206).
 */
export function ScanPage() {
  const t = useStaffText();
  const door = useDoor();
  const reader = useQrReader();
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [problem, setProblem] = useState<StaffKey | null>(null);
  const busy = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  // The code just answered, and when its answer was closed: the camera still sees it for a moment.
  const last = useRef<{ code: string; closedAt: number }>({ code: '', closedAt: 0 });

  const check = useCallback(
    async (code: string) => {
      if (busy.current) return;
      busy.current = true;
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setProblem(null);
      try {
        const result = await door.scan(code);
        if (!result) {
          setProblem('scan.offline_no_list');
          beep('bad');
          return;
        }
        beep(resultTone(result.result));
        setAnswer(result);
      } catch (error) {
        setProblem(isApiError(error) ? staffErrorKey(error.code) : 'result.error');
        beep('bad');
      } finally {
        busy.current = false;
      }
    },
    [door],
  );

  function next() {
    last.current.closedAt = Date.now();
    setAnswer(null);
    returnFocus.current?.focus();
  }

  /** A camera read: the code just answered is read again only after SAME_CODE_PAUSE_MS. */
  function fromCamera(code: string) {
    const { code: previous, closedAt } = last.current;
    if (code === previous && Date.now() - closedAt < SAME_CODE_PAUSE_MS) return;
    last.current = { code, closedAt: Date.now() };
    void check(code);
  }

  return (
    <>
      <section
        className="kassa-staff__page kassa-staff__scan"
        inert={answer !== null}
        onPointerDown={unlockAudio}
      >
        <title>{t('scan.title')}</title>
        <h1>{t('scan.title')}</h1>
        <DoorStatus door={door} readerReady={reader.status === 'ready'} />
        {problem && <Alert tone="danger">{t(problem)}</Alert>}
        <OfflineReport report={door.report} onDismiss={door.dismissReport} />
        <CameraPanel onCode={fromCamera} paused={answer !== null} reader={reader} />
        <ManualCodeForm onCode={check} />
      </section>
      {answer && <ScanAnswer answer={answer} onNext={next} />}
    </>
  );
}
