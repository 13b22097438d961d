import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';

/** The order as the return page sums it up: number, items with date and time, total. */
export function OrderRecap({ order }: { order: CheckoutReturn['order'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  return (
    <section className="kassa-return__recap" aria-labelledby="kassa-return-recap">
      <h2 id="kassa-return-recap">{t('checkoutReturn.items')}</h2>
      <p>{t('checkoutReturn.order_number', { number: formatOrderReference(order.reference) })}</p>
      <ul className="kassa-return__items">
        {order.items.map((item, index) => (
          <li key={index}>
            <span className="kassa-return__item-title">
              {t('checkoutReturn.quantity', { count: item.quantity })} {item.title}
            </span>
            {(item.date || item.time) && (
              <span className="kassa-return__item-when">
                {[item.date ? formatLongDate(item.date, timeZone, language) : null, item.time]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="kassa-return__total">
        <span>{t('checkoutReturn.total')}</span>{' '}
        <strong>{formatMoney(order.total, order.currency, language)}</strong>
      </p>
    </section>
  );
}
