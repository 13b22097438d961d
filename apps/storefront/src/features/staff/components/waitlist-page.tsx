import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { formatDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useStaffWaitlist } from '../api/staff-waitlist';
import { useStaffText } from '../hooks/use-staff-text';
import { ordersErrorText } from '../utils/orders-texts';
import './orders.css';
import './waitlist-page.css';

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
          {/* On a phone each entry stacks as a card; the roles keep it a table to screen readers (decision 0199). */}
          <table className="kassa-desk-attendees__table kassa-staff-waitlist" role="table">
            <caption className="kassa-staff__visually-hidden">{title}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_position')}
                </th>
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_email')}
                </th>
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_places')}
                </th>
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_state')}
                </th>
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_joined')}
                </th>
                <th scope="col" role="columnheader">
                  {t('waitlistStaff.col_offer_until')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {entries.map((entry) => (
                <tr key={entry.id} role="row">
                  <td role="cell" data-label={t('waitlistStaff.col_position')}>
                    {entry.position ?? '–'}
                  </td>
                  <th scope="row" role="rowheader">
                    {entry.email}
                  </th>
                  <td role="cell" data-label={t('waitlistStaff.col_places')}>
                    {entry.quantity}
                  </td>
                  <td role="cell" data-label={t('waitlistStaff.col_state')}>
                    {t(`waitlistStaff.states.${entry.status}`)}
                  </td>
                  <td role="cell" data-label={t('waitlistStaff.col_joined')}>
                    {moment(entry.createdAt)}
                  </td>
                  <td role="cell" data-label={t('waitlistStaff.col_offer_until')}>
                    {entry.offerExpiresAt ? moment(entry.offerExpiresAt) : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
