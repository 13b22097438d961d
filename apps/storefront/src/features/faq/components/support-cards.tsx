import type { Faq } from '@kassa/domain/contract/faq';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/ui/modal';
import { pageDefinitions } from '@/lib/page-definitions';
import { contactLinks } from '../utils/contact-links';
import { illustrationUrl } from '../utils/illustration-url';
import { markRefundSent } from '../utils/refund-sent-flag';
import { ContactDetails } from './contact-details';
import { RefundRequestForm } from './refund-request-form';
import { SupportCard } from './support-card';

type OpenModal = 'refund' | 'contact' | null;

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
  const [open, setOpen] = useState<OpenModal>(null);
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
        <RefundRequestForm onSent={onRefundSent} onCancel={close} />
      </Modal>
      <Modal open={open === 'contact'} onClose={close} title={t('faq.contact.modal_title')}>
        <ContactDetails links={contact} />
      </Modal>
    </section>
  );
}
