import type { Faq } from '@kassa/domain/contract/faq';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useSearchParams } from '@/lib/router/router';
import { Modal } from '@/components/ui/modal';
import { pageDefinitions } from '@/lib/page-definitions';
import { contactLinks } from '../utils/contact-links';
import { illustrationUrl } from '../utils/illustration-url';
import { markRefundSent } from '../utils/refund-sent-flag';
import { ContactDetails } from './contact-details';
import { RefundRequestForm } from './refund-request-form';
import { SupportCard } from './support-card';

type OpenModal = 'refund' | 'contact' | null;

const noSubscription = () => () => {};

/** Spec §7: an accepted refund request reloads the page; the flag carries the thank-you across. */
function reloadAfterRefund(): void {
  markRefundSent();
  window.location.reload();
}

/**
 * The FAQ support cards (docs/storefront.md §2.13): refund request (opens its
 * form), rebook (only when the shop allows it) and contact (only with details
 * to show).
 */
export function SupportCards({
  faq,
  onRefundSent = reloadAfterRefund,
}: {
  faq: Faq;
  onRefundSent?: () => void;
}) {
  const { t } = useTranslation();
  // ?request=1&order=…&email=…: an order page sent the visitor here to ask (decision 0259).
  const [search] = useSearchParams();
  const asked = search.get('request') === '1';
  // Opened only in the browser: the server renders the page without a dialog.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [chosen, setOpen] = useState<OpenModal | undefined>(undefined);
  const open: OpenModal = chosen === undefined ? (asked && inBrowser ? 'refund' : null) : chosen;
  const initial = asked
    ? {
        order_number: (search.get('order') ?? '').slice(0, 50),
        adress: (search.get('email') ?? '').slice(0, 254),
      }
    : undefined;
  const base = pageDefinitions().illustrationsUrl;
  const contact = contactLinks(faq);
  const rebookSecret = faq.rebooking_allowed ? faq.rebooking_secret : null;
  const close = () => setOpen(null);

  return (
    <section className="kassa-faq__support" aria-labelledby="faq-support">
      <h2 id="faq-support">{t('faq.support_title')}</h2>
      <ul className="kassa-faq__cards">
        <li>
          <SupportCard
            title={t('faq.refund.card_title')}
            text={t('faq.refund.card_text')}
            illustration={illustrationUrl(base, 'refund')}
            action={
              <button type="button" className="kassa-button" onClick={() => setOpen('refund')}>
                {t('faq.refund.card_button')}
              </button>
            }
          />
        </li>
        {rebookSecret && (
          <li>
            <SupportCard
              title={t('faq.rebook.card_title')}
              text={t('faq.rebook.card_text')}
              illustration={illustrationUrl(base, 'rebook')}
              action={
                <Link className="kassa-button" to={`/rebook/${encodeURIComponent(rebookSecret)}`}>
                  {t('faq.rebook.card_button')}
                </Link>
              }
            />
          </li>
        )}
        {contact.length > 0 && (
          <li>
            <SupportCard
              title={t('faq.contact.card_title')}
              text={t('faq.contact.card_text')}
              illustration={illustrationUrl(base, 'contact')}
              action={
                <button type="button" className="kassa-button" onClick={() => setOpen('contact')}>
                  {t('faq.contact.card_button')}
                </button>
              }
            />
          </li>
        )}
      </ul>
      <Modal open={open === 'refund'} onClose={close} title={t('faq.refund.modal_title')}>
        <RefundRequestForm onSent={onRefundSent} onCancel={close} initial={initial} />
      </Modal>
      <Modal open={open === 'contact'} onClose={close} title={t('faq.contact.modal_title')}>
        <ContactDetails links={contact} />
      </Modal>
    </section>
  );
}
