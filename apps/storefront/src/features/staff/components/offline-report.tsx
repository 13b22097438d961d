import { scanResultKey } from '../utils/scan-result-key';
import { pageDefinitions } from '@/lib/page-definitions';
import { formatDate, formatTime } from '@/lib/format-date';
import { useStaffText } from '../hooks/use-staff-text';
import type { ReportItem } from '../utils/offline-store';

/** Tickets this device let in offline that turned out used already (or refused) when sent. */
export function OfflineReport({ report, onDismiss }: { report: ReportItem[]; onDismiss: () => void }) {
  const t = useStaffText();
  if (report.length === 0) return null;
  const { timeZone, dateFormat } = pageDefinitions();
  return (
    <section className="kassa-staff__report" aria-labelledby="staff-report-title" role="alert">
      <h2 id="staff-report-title">{t('report.title')}</h2>
      <p>{t('report.intro')}</p>
      <ul>
        {report.map((item, index) => {
          const product = item.ticket?.product ?? '—';
          const order = item.ticket?.order ?? '—';
          const at = item.admitted ? new Date(item.admitted.at) : null;
          return (
            <li key={`${item.code}-${index}`}>
              {item.duplicate && at
                ? t('report.item', {
                    product,
                    order,
                    date: formatDate(at, timeZone, dateFormat),
                    time: formatTime(at, timeZone),
                    by: item.admitted?.by ?? '—',
                  })
                : t('report.refused', { product, order, result: t(scanResultKey(item.result)) })}
            </li>
          );
        })}
      </ul>
      <button type="button" className="kassa-button kassa-button--secondary" onClick={onDismiss}>
        {t('report.dismiss')}
      </button>
    </section>
  );
}
