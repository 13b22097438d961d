import type { ReactNode } from 'react';
import { Link } from '@/lib/router/router';
import { formatLongDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { Loading } from '@/components/ui/loading';
import { staffMay } from '@kassa/domain/rules/staff-role';
import { useToday } from '../api/get-today';
import { useStaffRole } from '../hooks/use-staff-role';
import { useStaffText } from '../hooks/use-staff-text';
import { OrderSearch } from './order-search';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

const COLUMNS = ['time', 'product', 'capacity', 'sold', 'reserved', 'admitted'] as const;

/**
 * A count in the slots table. Its column's name is written beside it too,
 * seen only where the row is stacked on a phone: screen readers have the
 * column header, so they skip it.
 */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td role="cell" className="kassa-staff__figure">
      <span className="kassa-staff__figure-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  );
}

/** /staff/today: today's slots with capacity, sold, reserved and let in, refreshed live; order search. */
export function TodayPage() {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  const today = useToday();
  const data = today.data;
  // The waiting lists are for who works with orders (decision 0252); the door sees none.
  const role = useStaffRole();
  const mayWaitlist = role !== null && role !== undefined && staffMay(role, 'orders');
  return (
    <section className="kassa-staff__page">
      <title>{t('today.title')}</title>
      <h1>{t('today.title')}</h1>
      {!data && <Loading label={t('loading')} />}
      {data && (
        <>
          <p className="kassa-staff__note" aria-live="off">
            {t('today.updated', { time: formatTime(new Date(today.dataUpdatedAt), timeZone) })}
          </p>
          {data.plots.length === 0 ? (
            <p>{t('today.empty')}</p>
          ) : (
            <div className="kassa-staff__table-wrap">
              {/* On a phone each slot stacks as a card (decision 0199); the roles keep it a table
                  to screen readers, whose table semantics some browsers drop with the display. */}
              <table className="kassa-staff__table" role="table">
                <caption>{t('today.slots', { date: formatLongDate(data.day, timeZone, language) })}</caption>
                <thead role="rowgroup">
                  <tr role="row">
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" role="columnheader">
                        {t(`today.${column}`)}
                      </th>
                    ))}
                    <th scope="col" role="columnheader">
                      <span className="kassa-staff__visually-hidden">{t('orders.attendees_title')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {data.plots.map((plot) => (
                    <tr key={plot.plot} role="row">
                      <td role="cell" className="kassa-staff__time">
                        {formatTimeRange(plot.start, plot.end) ?? t('today.all_day')}
                      </td>
                      <th scope="row" role="rowheader" className="kassa-staff__slot">
                        {plot.product}
                      </th>
                      <Figure label={t('today.capacity')}>{plot.capacity ?? t('today.no_limit')}</Figure>
                      <Figure label={t('today.sold')}>{plot.sold}</Figure>
                      <Figure label={t('today.reserved')}>{plot.reserved}</Figure>
                      <Figure label={t('today.admitted')}>{plot.admitted}</Figure>
                      <td role="cell" className="kassa-staff__figure">
                        <Link to={`/staff/plots/${plot.plot}/attendees`}>
                          {t('orders.attendees_link')}
                          <span className="kassa-staff__visually-hidden">
                            {' '}
                            {plot.product} {formatTimeRange(plot.start, plot.end) ?? ''}
                          </span>
                        </Link>
                        {mayWaitlist && (
                          <>
                            {' · '}
                            <Link to={`/staff/plots/${plot.plot}/waitlist`}>
                              {t('waitlistStaff.link')}
                              <span className="kassa-staff__visually-hidden">
                                {' '}
                                {plot.product} {formatTimeRange(plot.start, plot.end) ?? ''}
                              </span>
                            </Link>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.duplicates.length > 0 && (
            <section className="kassa-staff__report" aria-labelledby="staff-duplicates">
              <h2 id="staff-duplicates">{t('today.duplicates')}</h2>
              <ul>
                {data.duplicates.map((item, index) => (
                  <li key={`${item.order}-${index}`}>
                    {item.product} · {t('today.order', { number: item.order })} ·{' '}
                    {formatTime(new Date(item.at), timeZone)} · {item.by}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <OrderSearch />
    </section>
  );
}
