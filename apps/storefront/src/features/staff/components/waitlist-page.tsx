import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { formatDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useStaffWaitlist } from '../api/staff-waitlist';
import { useStaffText } from '../hooks/use-staff-text';
import { ordersErrorText } from '../utils/orders-texts';
import './orders.css';

/**
 * /staff/plots/:id/waitlist (decisions 0252, 0261): who waits for places on
 * a slot, in line order, with each entry's state and times. Box office and
 * managers; the server refuses the door.
 */
export function WaitlistPage() {
  const t = useStaffText();
  const { id = '' } = useParams();
  const list = useStaffWaitlist(id);
  const { timeZone, dateFormat } = pageDefinitions();
  if (list.isPending) return <Loading label={t('loading')} />;
  if (list.isError) {
    return (
      <section className="kassa-staff__page">
        <title>{t('waitlistStaff.title')}</title>
        <h1>{t('waitlistStaff.title')}</h1>
        <Alert tone="danger">{ordersErrorText(t, list.error)}</Alert>
      </section>
    );
  }
  const { plot, entries } = list.data;
  const when = [
    plot.date ? formatDate(plot.date, timeZone, dateFormat) : null,
    formatTimeRange(plot.startTime, null),
  ]
    .filter(Boolean)
    .join(' ');
  const title = t('waitlistStaff.of', { product: plot.product, when });
  const moment = (iso: string) =>
    `${formatDate(new Date(iso), timeZone, dateFormat)} ${formatTime(new Date(iso), timeZone)}`;
  return (
    <section className="kassa-staff__page kassa-desk-attendees">
      <title>{title}</title>
      <h1>{title}</h1>
      {entries.length === 0 ? (
        <p>{t('waitlistStaff.none')}</p>
      ) : (
        <div className="kassa-staff__table-wrap">
          <table className="kassa-desk-attendees__table">
            <caption className="kassa-staff__visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('waitlistStaff.col_position')}</th>
                <th scope="col">{t('waitlistStaff.col_email')}</th>
                <th scope="col">{t('waitlistStaff.col_places')}</th>
                <th scope="col">{t('waitlistStaff.col_state')}</th>
                <th scope="col">{t('waitlistStaff.col_joined')}</th>
                <th scope="col">{t('waitlistStaff.col_offer_until')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.position ?? '–'}</td>
                  <th scope="row">{entry.email}</th>
                  <td>{entry.quantity}</td>
                  <td>{t(`waitlistStaff.states.${entry.status}`)}</td>
                  <td>{moment(entry.createdAt)}</td>
                  <td>{entry.offerExpiresAt ? moment(entry.offerExpiresAt) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
