import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { Reservation, ReservedItem } from '@kassa/domain/contract/reservation';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { Modal } from '@/components/ui/modal';
import { NoIndex } from '@/components/ui/no-index';
import { Steps } from '@/components/ui/steps';
import { redeemCoupon } from '@/features/checkout/api/redeem-coupon';
import { CouponModal } from '@/features/checkout/components/coupon-modal';
import { useOrganisation } from '@/lib/api/get-organisation';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { formatLongDate, formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useReservation } from '../api/get-reservation';
import { applyReservationCode, removeReservationCode } from '../api/reservation-codes';
import { CustomerDetails } from './customer-details';
import { ReservationCheckout } from './reservation-checkout';
import { ReservationPanel } from './reservation-panel';
import type { ReservationParts } from './reservation-parts';
import './reservation-page.css';

type Step = 'overview' | 'checkout';

/** The change link (docs/storefront.md §2.17): the rebooking flow with this order's own secret, for one changeable item. */
function changeHref(reservation: Reservation): string | null {
  if (!reservation.allow_changes || reservation.additional_reservations.length > 0) return null;
  if (!reservation.rebooking_secret) return null;
  const query = new URLSearchParams({
    order: reservation.reservation.reference,
    email: reservation.customer.email,
  });
  return `/rebook/${encodeURIComponent(reservation.rebooking_secret)}?${query.toString()}`;
}

/** The confirmation message: held until when, or what became of the reservation. */
function StatusMessage({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const expires = new Date(reservation.expiration_date);
  const when = `${formatLongDate(expires, timeZone, language)} ${formatTime(expires, timeZone)}`;
  if (reservation.status === 'RESERVED') {
    return (
      <Alert tone="success">
        <p className="kassa-reservation__confirmation">
          {t('reservation.overview.confirmation', { email: reservation.customer.email })}
        </p>
        <p>{t('reservation.overview.held_until', { when, count: reservation.hold_days })}</p>
      </Alert>
    );
  }
  if (reservation.status === 'PAID' || reservation.status === 'INVOICED') {
    return (
      <Alert tone="success">
        <p>{t('reservation.overview.paid')}</p>
        <Link to={`/checkout/return/${encodeURIComponent(reservation.order_hash)}`}>
          {t('reservation.overview.tickets')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert tone="warning">
      {t(reservation.status === 'EXPIRED' ? 'reservation.overview.expired' : 'reservation.overview.closed')}
    </Alert>
  );
}

/**
 * /reservation/{hash} (docs/storefront.md §2.17): two steps, overview and
 * checkout. The overview shows the confirmation, the customer data with
 * its edit form and the side panel (items, totals, codes, change and pay
 * buttons); the checkout hands the reservation's payment off. A product
 * description modal, the coupon modal and an error modal (load failure,
 * a code that could not be removed) belong to it.
 */
export function ReservationPage({ parts }: { parts: ReservationParts }) {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const query = useReservation(hash);
  const organisation = useOrganisation().data;
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [step, setStep] = useState<Step>('overview');
  const [info, setInfo] = useState<ReservedItem | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const definitions = pageDefinitions();
  const timeZone = organisation?.time_zone ?? definitions.timeZone;
  const title = `${t('reservation.title')} – ${definitions.organisationName}`;
  const steps = [
    { key: 'overview', label: t('reservation.steps.overview') },
    { key: 'checkout', label: t('reservation.steps.checkout') },
  ];

  /** The server's answer to a code change is the reservation priced again: shown as it is. */
  function refresh(reservation: Reservation) {
    queryClient.setQueryData(['reservation', hash, language], reservation);
  }

  if (query.isPending) {
    return (
      <section className="kassa-page kassa-reservation">
        <title>{title}</title>
        <NoIndex />
        <h1>{t('reservation.title')}</h1>
        <Loading label={t('reservation.loading')} />
      </section>
    );
  }
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : undefined;
    return (
      <section className="kassa-page kassa-reservation">
        <title>{title}</title>
        <NoIndex />
        <h1>{t('reservation.title')}</h1>
        <Modal open onClose={() => void query.refetch()} title={t('reservation.error_title')}>
          <p>{t(errorKey(code))}</p>
          <Link to="/">{t('reservation.home')}</Link>
        </Modal>
      </section>
    );
  }

  const reservation = query.data;
  const open = reservation.status === 'RESERVED';
  const productIds = [
    reservation.product,
    ...reservation.additional_reservations.map((item) => item.product),
  ].map((product) => product.id);

  async function redeem(code: string, captcha?: string): Promise<CouponResult> {
    const result = await redeemCoupon({
      type: 'PRODUCT',
      product: productIds,
      code,
      coupons: reservation.coupons,
      captcha,
    });
    refresh(await applyReservationCode(hash, result.data.code || code));
    return result;
  }

  async function removeCode(code: string) {
    setRemoving(code);
    try {
      refresh(await removeReservationCode(hash, code));
    } catch (error) {
      setFailure(t(errorKey(isApiError(error) ? error.code : undefined)));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="kassa-page kassa-reservation">
      <title>{title}</title>
      <NoIndex />
      <h1 className="kassa-reservation__title">{t('reservation.title')}</h1>
      <Steps steps={steps} current={step} label={t('reservation.steps.label')} />
      <div className="kassa-reservation__layout">
        <div className="kassa-reservation__main">
          {step === 'overview' ? (
            <div className="kassa-reservation__step">
              <StatusMessage reservation={reservation} timeZone={timeZone} />
              <CustomerDetails
                reservation={reservation}
                definitions={organisation ? Object.values(organisation.fields) : []}
                allowBusiness={organisation?.allow_business ?? false}
              />
            </div>
          ) : (
            <ReservationCheckout
              reservation={reservation}
              getPayment={parts.getPayment}
              onBack={() => setStep('overview')}
            />
          )}
        </div>
        <ReservationPanel
          reservation={reservation}
          timeZone={timeZone}
          onInfo={setInfo}
          onRedeemCoupon={open ? () => setCouponOpen(true) : undefined}
          onRemoveCoupon={open ? (code) => void removeCode(code) : undefined}
          removing={removing}
          changeHref={changeHref(reservation)}
          pay={
            open && step === 'overview' ? { onClick: () => setStep('checkout'), disabled: false } : undefined
          }
        />
      </div>
      <Modal open={info !== null} onClose={() => setInfo(null)} title={info?.product.title ?? ''}>
        {info?.product.image && (
          <img
            className="kassa-reservation-info__image"
            src={info.product.image}
            alt=""
            width={640}
            height={360}
          />
        )}
        <p className="kassa-reservation-info__text">{info?.product.description}</p>
      </Modal>
      <CouponModal
        open={couponOpen}
        onClose={() => setCouponOpen(false)}
        redeem={redeem}
        onApplied={() => undefined}
      />
      <Modal open={failure !== null} onClose={() => setFailure(null)} title={t('reservation.error_title')}>
        <p>{failure}</p>
      </Modal>
    </section>
  );
}
