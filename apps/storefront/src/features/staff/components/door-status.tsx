import { Alert } from '@/components/ui/alert';
import type { useDoor } from '../hooks/use-door';
import { useStaffText } from '../hooks/use-staff-text';

/**
 * Online with a fresh offline list, or offline (with or without one), and
 * what waits to be sent. "Ready for offline use" waits for the QR reader too:
 * until it is loaded, a camera started offline could not read a code.
 */
export function DoorStatus({
  door,
  readerReady,
}: {
  door: ReturnType<typeof useDoor>;
  readerReady: boolean;
}) {
  const t = useStaffText();
  const count = door.list ? Object.keys(door.list.tickets).length : 0;
  return (
    <div className="kassa-staff__status">
      {door.online ? (
        door.list && readerReady && <p className="kassa-staff__note">{t('scan.online_list', { count })}</p>
      ) : (
        <Alert tone="warning">{t(door.list ? 'scan.offline' : 'scan.offline_no_list')}</Alert>
      )}
      {door.queue.length > 0 && (
        <p className="kassa-staff__note">{t('scan.queued', { count: door.queue.length })}</p>
      )}
      {door.synced > 0 && door.queue.length === 0 && (
        <p className="kassa-staff__note" role="status">
          {t('scan.synced', { count: door.synced })}
        </p>
      )}
    </div>
  );
}
