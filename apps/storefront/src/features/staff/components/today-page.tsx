import { formatLongDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { Loading } from '@/components/ui/loading';
import { useToday } from '../api/get-today';
import { useStaffText } from '../hooks/use-staff-text';
import { OrderSearch } from './order-search';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

/** /staff/today: today's slots with capacity, sold, reserved and let in, refreshed live; order search. */
export function TodayPage() {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  const today = useToday();
  const data = today.data;
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
              <table className="kassa-staff__table">
                <caption>{t('today.slots', { date: formatLongDate(data.day, timeZone, language) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('today.time')}</th>
                    <th scope="col">{t('today.product')}</th>
                    <th scope="col">{t('today.capacity')}</th>
                    <th scope="col">{t('today.sold')}</th>
                    <th scope="col">{t('today.reserved')}</th>
                    <th scope="col">{t('today.admitted')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.plots.map((plot) => (
                    <tr key={plot.plot}>
                      <td>{formatTimeRange(plot.start, plot.end) ?? t('today.all_day')}</td>
                      <th scope="row">{plot.product}</th>
                      <td>{plot.capacity ?? t('today.no_limit')}</td>
                      <td>{plot.sold}</td>
                      <td>{plot.reserved}</td>
                      <td>{plot.admitted}</td>
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
