import { formatOrderReference, parseOrderReference } from '@kassa/domain/rules/order-reference';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router/router';
import { TextField } from '@/components/ui/text-field';
import { formatLongDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useOrderSearch } from '../api/get-today';
import { useStaffText } from '../hooks/use-staff-text';

/**
 * Finds an order by its number or the customer's e-mail, with each ticket's
 * state. `?order=` (the link in a refund request mail) opens with that order found.
 */
export function OrderSearch() {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('order')?.trim() ?? '';
  const [typed, setTyped] = useState(() => (parseOrderReference(linked) ? formatOrderReference(linked) : ''));
  const [query, setQuery] = useState(() => (parseOrderReference(linked) ? linked : ''));
  const search = useOrderSearch(query);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(typed.trim());
  }

  return (
    <section className="kassa-staff__search" aria-labelledby="staff-search-title">
      <h2 id="staff-search-title">{t('today.search_title')}</h2>
      <form className="kassa-staff__form" role="search" noValidate onSubmit={submit}>
        <TextField
          name="q"
          label={t('today.search_label')}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
          maxLength={320}
        />
        <button type="submit" className="kassa-button kassa-staff__wide">
          {t('today.search_submit')}
        </button>
      </form>
      <div aria-live="polite">
        {search.data && search.data.orders.length === 0 && <p>{t('today.search_none')}</p>}
        {search.data?.orders.map((order) => (
          <article key={order.reference} className="kassa-staff__order">
            <h3>{t('today.order', { number: formatOrderReference(order.reference) })}</h3>
            <p>
              {order.customer.name} · {order.customer.email} · {t(`status.${order.status}`)}
            </p>
            {order.tickets.length === 0 ? (
              <p>{t('today.no_tickets')}</p>
            ) : (
              <ul>
                {order.tickets.map((ticket, index) => (
                  <li key={index}>
                    {ticket.product}
                    {ticket.audience ? ` · ${ticket.audience}` : ''}
                    {ticket.date ? ` · ${formatLongDate(ticket.date, timeZone, language)}` : ''}
                    {ticket.start ? ` · ${ticket.start}` : ''} —{' '}
                    <strong>
                      {ticket.state === 'ADMITTED' && ticket.admitted_at
                        ? t('today.state_ADMITTED', {
                            time: formatTime(new Date(ticket.admitted_at), timeZone),
                          })
                        : t(`today.state_${ticket.state}`)}
                    </strong>
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
