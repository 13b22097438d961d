import { Alert } from '@/components/ui/alert';
import { useQrCamera } from '../hooks/use-qr-camera';
import type { QrReaderState } from '../hooks/use-qr-reader';
import { useStaffText } from '../hooks/use-staff-text';
import { unlockAudio } from '../utils/beep';

interface CameraPanelProps {
  onCode: (code: string) => void;
  paused: boolean;
  reader: QrReaderState;
}

/**
 * The camera view with its start/stop button; the video itself is decoration
 * for screen readers. Without a QR reader (its file could not be fetched) the
 * panel says so, as an alert: the camera would show codes it cannot read.
 */
export function CameraPanel({ onCode, paused, reader }: CameraPanelProps) {
  const t = useStaffText();
  const { videoRef, state, start, stop } = useQrCamera(onCode, paused, reader.reader);
  const running = state === 'on' || state === 'starting';
  return (
    <div className="kassa-staff__camera">
      <div
        className={
          running ? 'kassa-staff__viewfinder' : 'kassa-staff__viewfinder kassa-staff__viewfinder--off'
        }
      >
        <video ref={videoRef} muted playsInline aria-label={t('scan.camera_label')} />
        {running && <span className="kassa-staff__frame" aria-hidden="true" />}
      </div>
      {running && <p className="kassa-staff__note">{t('scan.camera_hint')}</p>}
      {reader.status === 'failed' && <Alert tone="warning">{t('scan.reader_failed')}</Alert>}
      {state === 'denied' && (
        <p className="kassa-staff__note kassa-staff__note--bad">{t('scan.camera_denied')}</p>
      )}
      <button
        type="button"
        className={
          running
            ? 'kassa-button kassa-button--secondary kassa-staff__wide'
            : 'kassa-button kassa-staff__wide'
        }
        onClick={() => {
          unlockAudio();
          if (running) stop();
          else void start();
        }}
      >
        {running ? t('scan.camera_stop') : t('scan.camera_start')}
      </button>
    </div>
  );
}
