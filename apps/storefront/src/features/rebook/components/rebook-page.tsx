import { formatOrderReference, parseOrderReference } from '@kassa/domain/rules/order-reference';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useLocation, useNavigate, useParams, useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading, Spinner } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { TextField } from '@/components/ui/text-field';
import { PageTitle } from '@/components/ui/page-title';
import { useHomeProducts } from '@/lib/api/get-home-products';
import { startRebooking } from '@/lib/rebooking-store';
import { useStepEvent } from '@/lib/storefront-events';
import { useRebookLink } from '../api/check-rebook-link';
import { useValidateRebook } from '../api/validate-rebook';
import { rebookErrorText } from '../utils/rebook-error';
import './rebook-page.css';

/**
 * /rebook/{secret} (docs/storefront.md §2.14, §4.10): order id and
 * e-mail, prefilled from ?order=&email=. A link that names an order is
 * checked first and goes home when it does not fit (docs/storefront.md §8.3). A
 * valid pair stores the rebooking data and opens the product flow in rebooking
 * mode; a failure shows the error with the form again.
 */
export function RebookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const secret = useParams().secret ?? '';
  const [query] = useSearchParams();
  const linkOrder = query.get('order')?.trim() || null;
  const link = useRebookLink(secret, linkOrder);
  const validate = useValidateRebook();
  // A link's reference is shown grouped, as the customer sees it on tickets (decision 0104).
  const linkReference = linkOrder === null ? undefined : parseOrderReference(linkOrder);
  const [orderId, setOrderId] = useState(
    linkReference ? formatOrderReference(linkReference) : (linkOrder ?? ''),
  );
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [submitted, setSubmitted] = useState(false);
  // Where a valid booking goes: another date (the product flow) or a gift voucher for its value (decision 0112).
  const intent = useRef<'date' | 'voucher'>('date');
  const giftVoucher = useHomeProducts().data?.vouchers[0];

  useStepEvent('rebook', 'view');
  useEffect(() => {
    if (link.isError) navigate('/', { replace: true });
  }, [link.isError, navigate]);

  const orderMissing = orderId.trim() === '';
  const emailMissing = email.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (orderMissing || emailMissing || validate.isPending) return;
    validate.mutate(
      { id: orderId.trim(), email: email.trim(), secret },
      {
        onSuccess(data) {
          startRebooking({ data, entry: `${location.pathname}${location.search}` });
          if (intent.current === 'voucher' && giftVoucher)
            navigate(`/voucher/${giftVoucher.id}/${giftVoucher.slug}?rebook=1`);
          else navigate(`/product/${data.product}/rebook`);
        },
      },
    );
  }

  if (linkOrder !== null && !link.isSuccess) return <Loading label={t('rebook.checking_link')} />;

  const failure = validate.isError ? rebookErrorText(validate.error) : null;
  return (
    <section className="kassa-page kassa-rebook">
      <NoIndex />
      <PageTitle title={t('rebook.title')} />
      <h1>{t('rebook.title')}</h1>
      <p>{t('rebook.intro')}</p>
      {failure && <Alert tone="danger">{failure.kind === 'key' ? t(failure.key) : failure.text}</Alert>}
      <form className="kassa-rebook__form" noValidate onSubmit={submit}>
        <TextField
          name="order"
          label={t('rebook.order_label')}
          hint={t('rebook.order_hint')}
          value={orderId}
          onChange={setOrderId}
          error={submitted && orderMissing ? t('rebook.order_required') : undefined}
          required
          autoComplete="off"
          inputMode="numeric"
          maxLength={50}
        />
        <TextField
          name="email"
          type="email"
          label={t('rebook.email_label')}
          value={email}
          onChange={setEmail}
          error={submitted && emailMissing ? t('rebook.email_required') : undefined}
          required
          autoComplete="email"
          maxLength={320}
        />
        <div className="kassa-rebook__actions">
          <button
            type="submit"
            className="kassa-button"
            aria-disabled={validate.isPending || undefined}
            onClick={() => (intent.current = 'date')}
          >
            {validate.isPending && <Spinner />}
            {validate.isPending ? t('rebook.checking') : t('rebook.submit')}
          </button>
          {giftVoucher && (
            <button
              type="submit"
              className="kassa-button kassa-button--secondary"
              aria-disabled={validate.isPending || undefined}
              onClick={() => (intent.current = 'voucher')}
            >
              {t('rebook.to_voucher')}
            </button>
          )}
        </div>
        {giftVoucher && <p className="kassa-rebook__hint">{t('rebook.to_voucher_hint')}</p>}
      </form>
    </section>
  );
}
