import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { Price } from '@/components/ui/price';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useAccount } from '../api/get-account';

/**
 * My account's orders: status, total, tickets download, rebook link,
 * cancelling tickets (decision 0259) and withdrawing from a voucher or pass
 * purchase while the right lasts (decision 0254).
 */
export function AccountOrders() {
  const { t } = useTranslation();
  const account = useAccount(true);
  const { timeZone, dateFormat } = pageDefinitions();
  if (!account.data) return null;

  return (
    <section className="kassa-account__section" aria-labelledby="account-orders">
      <h2 id="account-orders">{t('account.orders')}</h2>
      {account.data.orders.length === 0 && <p>{t('account.no_orders')}</p>}
      <ul className="kassa-account__list">
        {account.data.orders.map((order) => (
          <li key={order.reference} className="kassa-account__card">
            <h3>
              {t('account.order', { id: formatOrderReference(order.reference) })}
              {order.title && ` · ${order.title}`}
            </h3>
            <p>
              {t('account.ordered_on', { date: formatDate(order.created_at, timeZone, dateFormat) })} ·{' '}
              {t(`account.status.${order.status}`)} · <Price amount={order.total} />
            </p>
            {(order.tickets || order.rebook || order.withdraw) && (
              <p className="kassa-account__actions">
                {order.tickets && (
                  <a href={`/api/orders/${encodeURIComponent(order.hash)}/tickets.pdf`} download>
                    {t('account.tickets')}
                  </a>
                )}
                {order.rebook && <Link to={order.rebook}>{t('account.rebook')}</Link>}
                {order.tickets && order.status === 'PAID' && (
                  // The order's page with its cancel panel open; it says what the policy allows.
                  <Link to={`/checkout/return/${encodeURIComponent(order.hash)}?cancel=1`}>
                    {t('selfCancel.account_link')}
                  </Link>
                )}
                {order.withdraw && (
                  // The withdrawal function (decision 0254): the page says until when and asks to confirm.
                  <Link to={order.withdraw}>{t('withdrawal.start')}</Link>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
