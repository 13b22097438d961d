import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useAttendees } from '../api/staff-orders';
import { staffSession } from '../utils/staff-session';
import { useStaffText } from '../hooks/use-staff-text';
import { ordersErrorText } from '../utils/orders-texts';
import { SlotAdminPanel } from './slot-admin-panel';
import './orders.css';

/** Downloads the list as CSV with the session's token (a plain link would carry none). */
async function downloadCsv(plotId: string, language: string) {
  const token = staffSession()?.token;
  const response = await fetch(
    `/api/staff/plots/${encodeURIComponent(plotId)}/attendees?format=csv&language=${language}`,
    {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  );
  if (!response.ok) return;
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'attendees.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** /staff/plots/:id/attendees: who comes to a slot, to read or print (every role). */
export function AttendeesPage() {
  const t = useStaffText();
  const { id = '' } = useParams();
  const list = useAttendees(id);
  const { timeZone, dateFormat } = pageDefinitions();
  if (list.isPending) return <Loading label={t('orders.loading')} />;
  if (list.isError) {
    return (
      <section className="kassa-staff__page">
        <title>{t('orders.attendees_title')}</title>
        <h1>{t('orders.attendees_title')}</h1>
        <Alert tone="danger">{ordersErrorText(t, list.error)}</Alert>
      </section>
    );
  }
  const { plot, fields, attendees } = list.data;
  const when = [
    plot.date ? formatDate(plot.date, timeZone, dateFormat) : null,
    formatTimeRange(plot.start, plot.end),
  ]
    .filter(Boolean)
    .join(' ');
  const title = t('orders.attendees_of', { product: plot.product, when });
  const people = attendees.reduce((sum, row) => sum + row.tickets, 0);
  return (
    <section className="kassa-staff__page kassa-desk-attendees">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{t('orders.attendees_count', { orders: attendees.length, people })}</p>
      <div className="kassa-desk-attendees__tools">
        <button type="button" className="kassa-button" onClick={() => window.print()}>
          {t('orders.print')}
        </button>
        <button
          type="button"
          className="kassa-button kassa-button--secondary"
          onClick={() => void downloadCsv(id, document.documentElement.lang || 'en')}
        >
          {t('orders.csv')}
        </button>
      </div>
      <SlotAdminPanel
        plot={{ id: plot.id, product: plot.product, date: plot.date, orders: attendees.length }}
      />
      {attendees.length === 0 ? (
        <p>{t('orders.attendees_none')}</p>
      ) : (
        <table className="kassa-desk-attendees__table">
          <caption className="kassa-staff__visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.col_name')}</th>
              <th scope="col">{t('orders.col_tickets')}</th>
              <th scope="col">{t('orders.col_extras')}</th>
              {fields.map((field) => (
                <th scope="col" key={field.id}>
                  {field.label}
                </th>
              ))}
              <th scope="col">{t('orders.col_admitted')}</th>
            </tr>
          </thead>
          <tbody>
            {attendees.map((row) => (
              <tr key={row.order}>
                <th scope="row">
                  {row.name}
                  <span className="kassa-desk-attendees__order">{row.order}</span>
                </th>
                <td>
                  {row.audiences
                    .map((a) => (a.audience ? `${a.quantity}× ${a.audience}` : String(a.quantity)))
                    .join(', ')}
                </td>
                <td>{row.extras.map((e) => `${e.quantity}× ${e.title}`).join(', ')}</td>
                {fields.map((field) => (
                  <td key={field.id}>{row.fields[field.id] ?? ''}</td>
                ))}
                <td>
                  {row.admitted}/{row.tickets}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
