import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LinkButton } from '@/components/ui/link-button';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/loading';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import './order-summary.css';

export interface SummaryItem {
  title: string;
  when: string | null;
  lines: { label: string; quantity: number; amountCents: number }[];
  subtotalCents: number;
}

export interface SummaryTotals {
  subtotalCents: number;
  discountCents: number;
  additionsCents: number;
  totalCents: number;
}

export interface SummaryAction {
  onClick: () => void;
  disabled: boolean;
  loading: boolean;
}

export interface OrderSummaryProps {
  current: SummaryItem | null;
  /** The item's image on the cart card (docs/storefront.md §2.12). */
  image?: string | null;
  /** The cart's waiting orders (the cart feature's list). */
  cart?: ReactNode;
  /** Shown on the customer step (docs/storefront.md §2.10): the server's, when `pricing` is given. */
  totals: SummaryTotals | null;
  /**
   * Where the server's price stands (decision 0147): while it is calculated
   * no total is shown, only that it is coming; a failed calculation says so.
   */
  pricing?: 'pending' | 'done' | 'failed';
  /**
   * What a redeemed subscription pays (the server prices those tickets at 0):
   * shown as its own line, so the listed tickets still add up to the total.
   */
  redeemedCents?: number;
  /** What each applied coupon discounts, by code (decision 0010: tickets only), e.g. "10% off tickets". */
  couponScopes?: Readonly<Record<string, string>>;
  onInvoice: boolean;
  coupons: readonly string[];
  /** Hidden for subscription orders and rebooking. */
  onRedeemCoupon?: () => void;
  onInfo?: () => void;
  pay?: SummaryAction;
  reserve?: SummaryAction;
  /** How many days a reservation holds its seats: said under the reserve button. */
  reserveHoldDays?: number;
  /** Spec §4 Cart: Add more on the customer step, cancel on the others. */
  onAddMore?: () => void;
  onCancel?: () => void;
  /**
   * The current order is a cart order opened to be changed (decision 0196):
   * cancel then says it keeps the order as it was, and `onRemove` (which
   * asks first) takes it out.
   */
  editing?: boolean;
  onRemove?: () => void;
  /**
   * A rebooking (docs/storefront.md §2.10): `pay` is its proceed button, worded
   * for a reserved order when `reserved`; the additions are the rebooking fee
   * and the booked order's credit comes off. `unusedCreditCents` is credit a
   * cheaper booking leaves over, which is not paid out.
   */
  rebooking?: { reserved: boolean; creditCents: number; unusedCreditCents: number };
  /** Tickets for a fixed date: said near Pay that no right of withdrawal applies (decision 0254). */
  noWithdrawalRight?: boolean;
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'kassa-summary__row kassa-summary__row--total' : 'kassa-summary__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The order summary beside the steps (stacked under them on phones). */
export function OrderSummary(props: OrderSummaryProps) {
  const { t } = useTranslation();
  const { current, totals, rebooking } = props;
  const narrow = useNarrowScreen();
  const payLabel = rebooking
    ? rebooking.reserved
      ? t('summary.rebook_reserved')
      : t('summary.rebook')
    : t('summary.pay');
  return (
    <aside className="kassa-summary" aria-labelledby="kassa-summary-title">
      <h2 id="kassa-summary-title" className="kassa-summary__title">
        {t('summary.title')}
      </h2>
      {current && (
        <section className="kassa-summary__item" aria-label={current.title}>
          <div className="kassa-summary__head">
            <h3 className="kassa-summary__name">{current.title}</h3>
            {props.onInfo && (
              <LinkButton onClick={props.onInfo}>
                {t('summary.info')}
                <span className="kassa-visually-hidden">: {current.title}</span>
              </LinkButton>
            )}
          </div>
          {props.image && (
            <img className="kassa-summary__image" src={props.image} alt="" width={320} height={180} />
          )}
          {current.when && <p className="kassa-summary__when">{current.when}</p>}
          {current.lines.length > 0 && (
            <ul className="kassa-summary__lines">
              {current.lines.map((line, index) => (
                <li key={index}>
                  <span>
                    {line.quantity} × {line.label}
                  </span>
                  <Price amount={line.amountCents / 100} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {props.cart}
      {props.pricing === 'pending' && !totals && (
        <p className="kassa-summary__pricing" role="status">
          <Spinner />
          {t('summary.pricing')}
        </p>
      )}
      {props.pricing === 'failed' && !totals && (
        <p className="kassa-summary__pricing" role="status">
          {t('summary.pricing_failed')}
        </p>
      )}
      {totals && (
        <dl className="kassa-summary__totals">
          <Row label={t('summary.subtotal')}>
            <Price amount={(totals.subtotalCents + (props.redeemedCents ?? 0)) / 100} />
          </Row>
          {(props.redeemedCents ?? 0) > 0 && (
            <Row label={t('summary.redeemed')}>
              − <Price amount={(props.redeemedCents ?? 0) / 100} />
            </Row>
          )}
          {totals.discountCents > 0 && (
            <Row label={t('summary.discount')}>
              − <Price amount={totals.discountCents / 100} />
            </Row>
          )}
          {totals.additionsCents > 0 && (
            <Row label={rebooking ? t('summary.rebook_fee') : t('summary.additions')}>
              <Price amount={totals.additionsCents / 100} />
            </Row>
          )}
          {rebooking && rebooking.creditCents + rebooking.unusedCreditCents > 0 && (
            <Row label={t('summary.rebook_credit')}>
              − <Price amount={rebooking.creditCents / 100} />
            </Row>
          )}
          <Row label={props.onInvoice ? t('summary.total_invoice') : t('summary.total')} strong>
            <Price amount={totals.totalCents / 100} />
          </Row>
        </dl>
      )}
      {totals && rebooking && rebooking.unusedCreditCents > 0 && (
        <p className="kassa-summary__note">{t('summary.rebook_credit_unused')}</p>
      )}
      {(totals || props.pricing) && (props.coupons.length > 0 || props.onRedeemCoupon) && (
        <div className="kassa-summary__coupons">
          {props.coupons.length > 0 && (
            <p>
              {t('summary.coupons')}{' '}
              {props.coupons.map((code) => (
                <span key={code} className="kassa-summary__code">
                  {code}
                </span>
              ))}
            </p>
          )}
          {props.coupons.map((code) =>
            props.couponScopes?.[code] ? (
              <p key={code} className="kassa-summary__scope">
                {code}: {props.couponScopes[code]}
              </p>
            ) : null,
          )}
          {props.onRedeemCoupon && (
            <LinkButton onClick={props.onRedeemCoupon}>{t('summary.redeem_coupon')}</LinkButton>
          )}
        </div>
      )}
      <div className="kassa-summary__actions">
        {props.pay && !narrow && (
          <button
            type="button"
            className="kassa-button"
            disabled={props.pay.disabled}
            aria-busy={props.pay.loading || undefined}
            onClick={props.pay.onClick}
          >
            {props.pay.loading && <Spinner />}
            {props.pay.loading ? t('summary.paying') : payLabel}
          </button>
        )}
        {props.pay && props.noWithdrawalRight && (
          <p className="kassa-summary__note">{t('withdrawal.no_right_dated')}</p>
        )}
        {props.reserve && (
          <button
            type="button"
            className="kassa-button kassa-button--secondary"
            disabled={props.reserve.disabled}
            aria-busy={props.reserve.loading || undefined}
            onClick={props.reserve.onClick}
            aria-describedby={props.reserveHoldDays ? 'kassa-summary-reserve-hold' : undefined}
          >
            {t('summary.reserve')}
          </button>
        )}
        {props.reserve && props.reserveHoldDays ? (
          <p id="kassa-summary-reserve-hold" className="kassa-summary__note">
            {t('summary.reserve_hold', { count: props.reserveHoldDays })}
          </p>
        ) : null}
        {props.onAddMore && (
          <button type="button" className="kassa-button kassa-button--secondary" onClick={props.onAddMore}>
            {t('summary.add_more')}
          </button>
        )}
        {props.onCancel && (
          <button type="button" className="kassa-button kassa-button--secondary" onClick={props.onCancel}>
            {props.editing ? t('summary.cancel_changes') : t('summary.cancel')}
          </button>
        )}
        {props.onRemove && (
          <button type="button" className="kassa-button kassa-button--secondary" onClick={props.onRemove}>
            {t('summary.remove_item')}
          </button>
        )}
      </div>
      {props.pay && narrow && (
        <PayBar
          label={props.pay.loading ? t('summary.paying') : payLabel}
          action={props.pay}
          total={totals ? totals.totalCents : null}
          totalLabel={props.onInvoice ? t('summary.total_invoice') : t('summary.total')}
          pending={props.pricing === 'pending'}
        />
      )}
    </aside>
  );
}

/**
 * On phones the summary sits below the form: a bar fixed to the bottom of
 * the screen carries the total and Pay, so paying never means scrolling
 * past the order box (the summary's own Pay is left out there, so the page
 * has one Pay at any width).
 */
function PayBar(props: {
  label: string;
  action: SummaryAction;
  total: number | null;
  totalLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="kassa-paybar">
      <p className="kassa-paybar__total">
        <span>{props.totalLabel}</span>{' '}
        {props.total !== null ? (
          <strong>
            <Price amount={props.total / 100} />
          </strong>
        ) : (
          <span className="kassa-paybar__pending">{props.pending ? t('summary.pricing') : '–'}</span>
        )}
      </p>
      <button
        type="button"
        className="kassa-button"
        disabled={props.action.disabled}
        aria-busy={props.action.loading || undefined}
        onClick={props.action.onClick}
      >
        {props.action.loading && <Spinner />}
        {props.label}
      </button>
    </div>
  );
}
