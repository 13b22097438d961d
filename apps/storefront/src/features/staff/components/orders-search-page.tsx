import { ORDER_STATUSES } from '@kassa/domain/rules/order-status';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { ORDER_FILTER_KEYS, orderFilterQuery, useStaffOrders, type OrderFilters } from '../api/staff-orders';
import { useStaffText } from '../hooks/use-staff-text';
import { ordersErrorText } from '../utils/orders-texts';
import './orders.css';

function filtersOf(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  const filters = Object.fromEntries(ORDER_FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  return { ...(filters as Omit<OrderFilters, 'page'>), page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** A cell with its column's name beside it where the row stacks as a card on a phone. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={className}>
      <span className="kassa-desk-orders__cell-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  );
}

/** /staff/orders (box office, managers): find an order; the search and filters live in the URL. */
export function OrdersSearchPage() {
  const t = useStaffText();
  const id = useId();
  const language = useLanguage();
  const { timeZone, dateFormat, currency } = pageDefinitions();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [draft, setDraft] = useState(filters);
  const result = useStaffOrders(filters);
  const data = result.data;
  const set = (key: keyof OrderFilters) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));

  function show(next: OrderFilters) {
    setParams(new URLSearchParams(orderFilterQuery(next)));
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show({ ...draft, page: 1 });
  }
  function clear() {
    const empty = { q: '', visit: '', plot: '', product: '', status: '', from: '', to: '', page: 1 };
    setDraft(empty);
    show(empty);
  }

  const columns = ['number', 'customer', 'status', 'total', 'visit', 'bought'] as const;
  return (
    <section className="kassa-staff__page kassa-desk-orders">
      <title>{t('orders.title')}</title>
      <h1>{t('orders.title')}</h1>
      <form
        role="search"
        className="kassa-desk-orders__filters"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={submit}
      >
        <h2 id={`${id}-title`} className="kassa-staff__visually-hidden">
          {t('orders.filters')}
        </h2>
        <div className="kassa-desk-orders__search">
          <TextField
            name="q"
            label={t('orders.search_label')}
            hint={t('orders.search_hint')}
            value={draft.q}
            onChange={set('q')}
            autoComplete="off"
            maxLength={320}
          />
        </div>
        <div className="kassa-field">
          <label htmlFor={`${id}-status`} className="kassa-field__label">
            {t('orders.status')}
          </label>
          <select
            id={`${id}-status`}
            className="kassa-field__control"
            value={draft.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">{t('orders.any_status')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {(['visit', 'from', 'to'] as const).map((key) => (
          <div className="kassa-field" key={key}>
            <label htmlFor={`${id}-${key}`} className="kassa-field__label">
              {t(`orders.${key}`)}
            </label>
            <input
              id={`${id}-${key}`}
              type="date"
              className="kassa-field__control"
              value={draft[key]}
              onChange={(event) => set(key)(event.target.value)}
            />
          </div>
        ))}
        {(filters.plot || filters.product) && (
          <p className="kassa-staff__note">
            {filters.plot
              ? t('orders.only_slot', { id: filters.plot })
              : t('orders.only_product', { id: filters.product })}
          </p>
        )}
        <div className="kassa-desk-orders__buttons">
          <button type="submit" className="kassa-button">
            {t('orders.search')}
          </button>
          <button type="button" className="kassa-button kassa-button--secondary" onClick={clear}>
            {t('orders.clear')}
          </button>
        </div>
      </form>
      {result.isError && <Alert tone="danger">{ordersErrorText(t, result.error)}</Alert>}
      {!data && result.isPending && <Loading label={t('orders.loading')} />}
      {data && (
        <>
          <p role="status" className="kassa-desk-orders__count">
            {data.orders.length === 0 ? t('orders.none') : t('orders.page_of', { page: data.page })}
          </p>
          {data.orders.length > 0 && (
            <table className="kassa-desk-orders__table" role="table">
              <caption className="kassa-staff__visually-hidden">
                {t('orders.caption', { page: data.page })}
              </caption>
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map((column) => (
                    <th key={column} scope="col" role="columnheader">
                      {t(`orders.col_${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {data.orders.map((order) => (
                  <tr key={order.reference} role="row">
                    <th scope="row" role="rowheader" className="kassa-desk-orders__number">
                      <Link to={`/staff/orders/${order.reference}`}>
                        {formatOrderReference(order.reference)}
                      </Link>
                    </th>
                    <Cell label={t('orders.col_customer')}>
                      <span className="kassa-desk-orders__name">{order.customer.name}</span>
                      <span className="kassa-desk-orders__email">{order.customer.email}</span>
                    </Cell>
                    <Cell label={t('orders.col_status')}>{t(`status.${order.status}`)}</Cell>
                    <Cell label={t('orders.col_total')}>
                      {formatMoney(order.total_cents / 100, currency, language)}
                    </Cell>
                    <Cell label={t('orders.col_visit')}>
                      {order.visit_date ? formatDate(order.visit_date, timeZone, dateFormat) : '–'}
                    </Cell>
                    <Cell label={t('orders.col_bought')}>
                      {formatDate(new Date(order.created_at), timeZone, dateFormat)}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {(data.page > 1 || data.has_more) && (
            <nav className="kassa-desk-orders__pager" aria-label={t('orders.pages')}>
              <button
                type="button"
                className="kassa-button kassa-button--secondary"
                disabled={data.page <= 1}
                onClick={() => show({ ...filters, page: filters.page - 1 })}
              >
                {t('orders.newer')}
              </button>
              <span>{t('orders.page_of', { page: data.page })}</span>
              <button
                type="button"
                className="kassa-button kassa-button--secondary"
                disabled={!data.has_more}
                onClick={() => show({ ...filters, page: filters.page + 1 })}
              >
                {t('orders.older')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
