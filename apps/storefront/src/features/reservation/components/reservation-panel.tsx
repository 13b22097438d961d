import type { Reservation, ReservedItem } from '@kassa/domain/contract/reservation';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { LinkButton } from '@/components/ui/link-button';
import { Price } from '@/components/ui/price';
import { formatLongDate } from '@/lib/format-date';
import { useLanguage } from '@/lib/use-language';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

interface PanelProps {
  reservation: Reservation;
  timeZone: string;
  onInfo: (item: ReservedItem) => void;
  onRedeemCoupon?: () => void;
  onRemoveCoupon?: (code: string) => void;
  removing: string | null;
  /** The change-reservation link (docs/storefront.md §2.17): only for one reservation that can be changed. */
  changeHref: string | null;
  pay?: { onClick: () => void; disabled: boolean };
}

function ItemCard({
  item,
  currency,
  timeZone,
  onInfo,
}: {
  item: ReservedItem;
  currency: string;
  timeZone: string;
  onInfo: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { product, upsells } = item;
  const { start, end } = product.plot.time;
  const time = formatTimeRange(start, end);
  const total = product.price - product.discount;
  return (
    <li className="kassa-reservation-item">
      {product.image && (
        <img className="kassa-reservation-item__image" src={product.image} alt="" width={96} height={64} />
      )}
      <div className="kassa-reservation-item__body">
        <h3 className="kassa-reservation-item__title">{product.title}</h3>
        {product.plot.date && (
          <p className="kassa-reservation-item__when">
            {formatLongDate(product.plot.date, timeZone, language)}
            {time && <span> · {time}</span>}
          </p>
        )}
        <LinkButton onClick={onInfo}>
          {t('reservation.panel.info')}
          <span className="kassa-visually-hidden">: {product.title}</span>
        </LinkButton>
        <dl className="kassa-reservation-item__lines">
          {product.audiences.length > 0 ? (
            product.audiences.map((audience) => (
              <div key={audience.id} className="kassa-reservation-item__line">
                <dt>
                  {audience.quantity} × {audience.name}
                </dt>
                <dd>
                  <Price amount={audience.price * audience.quantity} currency={currency} />
                </dd>
              </div>
            ))
          ) : (
            <div className="kassa-reservation-item__line">
              <dt>{t('reservation.panel.quantity', { count: product.quantity })}</dt>
              <dd>
                <Price amount={product.unit_price * product.quantity} currency={currency} />
              </dd>
            </div>
          )}
          {upsells.map((upsell) => (
            <div key={upsell.id} className="kassa-reservation-item__line">
              <dt>
                {upsell.quantity} × {upsell.title}
              </dt>
              <dd>
                <Price amount={upsell.price * upsell.quantity} currency={currency} />
              </dd>
            </div>
          ))}
          {product.discount > 0 && (
            <div className="kassa-reservation-item__line">
              <dt>{t('summary.discount')}</dt>
              <dd>
                − <Price amount={product.discount} currency={currency} />
              </dd>
            </div>
          )}
          <div className="kassa-reservation-item__line kassa-reservation-item__line--total">
            <dt>{t('reservation.panel.item_total')}</dt>
            <dd>
              <Price amount={total} currency={currency} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/**
 * The reservation's side panel (docs/storefront.md §2.17): each reserved
 * item, then subtotal, discount, the shop's additions (type 1 never: the
 * server leaves them out) and the total, the applied codes with a remove
 * action, the change button and the pay button.
 */
export function ReservationPanel(props: PanelProps) {
  const { t } = useTranslation();
  const { reservation, timeZone } = props;
  const items = [
    { product: reservation.product, upsells: reservation.upsells },
    ...reservation.additional_reservations,
  ];
  const { prices, currency } = reservation;
  return (
    <aside className="kassa-reservation-panel" aria-labelledby="reservation-panel-title">
      <h2 id="reservation-panel-title" className="kassa-reservation-panel__title">
        {t('reservation.panel.title')}
      </h2>
      <ul className="kassa-reservation-panel__items">
        {items.map((item, index) => (
          <ItemCard
            key={`${item.product.id}-${item.product.plot.id}-${index}`}
            item={item}
            currency={currency}
            timeZone={timeZone}
            onInfo={() => props.onInfo(item)}
          />
        ))}
      </ul>
      <dl className="kassa-reservation-panel__totals">
        <div className="kassa-reservation-panel__row">
          <dt>{t('summary.subtotal')}</dt>
          <dd>
            <Price amount={prices.subtotal} currency={currency} />
          </dd>
        </div>
        {prices.discount > 0 && (
          <div className="kassa-reservation-panel__row">
            <dt>{t('summary.discount')}</dt>
            <dd>
              − <Price amount={prices.discount} currency={currency} />
            </dd>
          </div>
        )}
        {prices.additions.map((addition, index) => (
          <div key={`${addition.name}-${index}`} className="kassa-reservation-panel__row">
            <dt>{addition.name || t('summary.additions')}</dt>
            <dd>
              <Price amount={addition.amount} currency={currency} />
            </dd>
          </div>
        ))}
        <div className="kassa-reservation-panel__row kassa-reservation-panel__row--total">
          <dt>{t('summary.total')}</dt>
          <dd>
            <Price amount={prices.total} currency={currency} />
          </dd>
        </div>
      </dl>
      {reservation.coupons.length > 0 && (
        <ul className="kassa-reservation-panel__codes" aria-label={t('summary.coupons')}>
          {reservation.coupons.map((code) => (
            <li key={code}>
              <span className="kassa-reservation-panel__code">{code}</span>
              {props.onRemoveCoupon && (
                <LinkButton
                  onClick={() => props.onRemoveCoupon?.(code)}
                  disabled={props.removing !== null}
                  aria-busy={props.removing === code}
                >
                  {t('reservation.panel.remove_code', { code })}
                </LinkButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.onRedeemCoupon && (
        <LinkButton className="kassa-reservation-panel__redeem" onClick={props.onRedeemCoupon}>
          {t('summary.redeem_coupon')}
        </LinkButton>
      )}
      <div className="kassa-reservation-panel__actions">
        {props.pay && (
          <button
            type="button"
            className="kassa-button"
            onClick={props.pay.onClick}
            disabled={props.pay.disabled}
          >
            {t('reservation.panel.pay')}
          </button>
        )}
        {props.changeHref && (
          <Link className="kassa-button kassa-button--secondary" to={props.changeHref}>
            {t('reservation.panel.change')}
          </Link>
        )}
      </div>
    </aside>
  );
}
