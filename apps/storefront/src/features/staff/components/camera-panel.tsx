import { useQrCamera } from '../hooks/use-qr-camera';
import { useStaffText } from '../hooks/use-staff-text';
import { unlockAudio } from '../utils/beep';

/** The camera view with its start/stop button; the video itself is decoration for screen readers. */
export function CameraPanel({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const t = useStaffText();
  const { videoRef, state, start, stop } = useQrCamera(onCode, paused);
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
