import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { shopDate } from '@kassa/domain/rules/shop-date';
import type { CheckoutReturn, OrderReceiptAnswer } from '@kassa/domain/contract/payment';
import { useTranslation } from '@/lib/use-translation';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { vatLabel } from '@kassa/domain/rules/vat';

const TOTAL_LABELS = {
  PAID: 'checkoutReturn.total_paid',
  INVOICED: 'checkoutReturn.total_invoiced',
  DUE: 'checkoutReturn.total_due',
} as const;

/**
 * The order as the return page sums it up, from the server's receipt — the
 * one the mails and PDFs print, for every kind of order (decisions 0149,
 * 0186): the order number, each item with its day, time and every line,
 * the coupon and gift-card credit each on a line, the fees by name (or
 * that none was charged), the total paid or to pay, and the venue.
 */
export function OrderRecap({ order }: { order: CheckoutReturn['order'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { receipt } = order;
  return (
    <section className="kassa-return__recap" aria-labelledby="kassa-return-recap">
      <h2 id="kassa-return-recap">{t('checkoutReturn.items')}</h2>
      <p>{t('checkoutReturn.order_number', { number: formatOrderReference(order.reference) })}</p>
      {receipt ? (
        <>
          <Receipt receipt={receipt} currency={order.currency} />
          <Adjustments receipt={receipt} currency={order.currency} />
        </>
      ) : (
        <ul className="kassa-return__items">
          {order.items.map((item, index) => (
            <li key={index}>
              <span className="kassa-return__item-title">
                {t('checkoutReturn.quantity', { count: item.quantity })} {item.title}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="kassa-return__total">
        <span>{t(receipt ? TOTAL_LABELS[receipt.total_kind] : 'checkoutReturn.total')}</span>{' '}
        <strong>{formatMoney(order.total, order.currency, language)}</strong>
      </p>
      {receipt && receipt.vat.length > 0 && <VatBreakdown receipt={receipt} currency={order.currency} />}
      {receipt && <Venue venue={receipt.venue} />}
    </section>
  );
}

/** Each item with its day, time and every line. */
function Receipt({ receipt, currency }: { receipt: OrderReceiptAnswer; currency: string }) {
  const language = useLanguage();
  const { dateFormat } = pageDefinitions();
  const money = (amount: number) => formatMoney(amount, currency, language);
  return (
    <>
      {receipt.items.map((item, index) => (
        <div key={index} className="kassa-return__item">
          <h3 className="kassa-return__item-title">{item.title}</h3>
          {(item.date || item.time) && (
            <p className="kassa-return__item-when">
              {[item.date ? shopDate(item.date, language, dateFormat) : null, item.time]
                .filter(Boolean)
                .join(', ')}
            </p>
          )}
          <ul className="kassa-return__lines">
            {item.lines.map((line, lineIndex) => (
              <li key={lineIndex}>
                <span>
                  {line.quantity} × {line.label}
                </span>
                <span>{money(line.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** Discounts and gift-card credit, fees (or that none was charged) and a rebooking's credit. */
function Adjustments({ receipt, currency }: { receipt: OrderReceiptAnswer; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMoney(amount, currency, language);
  return (
    <ul className="kassa-return__lines kassa-return__adjustments">
      {receipt.discounts.map((discount, index) => (
        <li key={`discount-${index}`}>
          <span>
            {discount.kind === 'VOUCHER'
              ? t('checkoutReturn.voucher_credit', { code: discount.code ?? '' })
              : discount.code
                ? t('checkoutReturn.discount_code', { code: discount.code })
                : t('checkoutReturn.discount')}
          </span>
          <span>− {money(discount.amount)}</span>
        </li>
      ))}
      {receipt.additions.map((addition, index) => (
        <li key={`addition-${index}`}>
          <span>{addition.label || t('checkoutReturn.fees')}</span>
          <span>{money(addition.amount)}</span>
        </li>
      ))}
      {receipt.fee_note && (
        <li>
          <span>{t('checkoutReturn.fees')}</span>
          <span>
            {receipt.fee_note === 'WAIVED' ? t('checkoutReturn.fee_waived') : t('checkoutReturn.fee_none')}
          </span>
        </li>
      )}
      {receipt.credit > 0 && (
        <li>
          <span>{t('checkoutReturn.credit')}</span>
          <span>− {money(receipt.credit)}</span>
        </li>
      )}
    </ul>
  );
}

/** Under the total: net, the VAT of each rate ("BTW 9%") and gross, as the invoice prints them (decision 0240). */
function VatBreakdown({ receipt, currency }: { receipt: OrderReceiptAnswer; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMoney(amount, currency, language);
  const taxed = receipt.vat.filter((total) => total.rate !== null);
  const outside = receipt.vat.filter((total) => total.rate === null);
  const sum = (key: 'net' | 'gross') => Math.round(taxed.reduce((s, total) => s + total[key] * 100, 0)) / 100;
  return (
    <ul className="kassa-return__lines kassa-return__vat" aria-label={t('checkoutReturn.total_gross')}>
      {taxed.length > 0 && (
        <li>
          <span>{t('checkoutReturn.total_net')}</span>
          <span>{money(sum('net'))}</span>
        </li>
      )}
      {taxed.map((total) => (
        <li key={total.rate}>
          <span>{vatLabel(Math.round(total.rate! * 100), language)}</span>
          <span>{money(total.vat)}</span>
        </li>
      ))}
      {taxed.length > 0 && (
        <li>
          <span>{t('checkoutReturn.total_gross')}</span>
          <span>{money(sum('gross'))}</span>
        </li>
      )}
      {outside.map((total, index) => (
        <li key={`outside-${index}`}>
          <span>{t('checkoutReturn.vat_not_subject')}</span>
          <span>{money(total.gross)}</span>
        </li>
      ))}
    </ul>
  );
}

function Venue({ venue }: { venue: OrderReceiptAnswer['venue'] }) {
  const { t } = useTranslation();
  return (
    <div className="kassa-return__venue">
      <h3>{t('checkoutReturn.venue')}</h3>
      <address>
        {[venue.name, ...(venue.address?.split('\n').filter(Boolean) ?? [])].map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}
