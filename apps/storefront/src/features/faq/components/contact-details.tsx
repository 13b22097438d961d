import { useTranslation } from '@/lib/use-translation';
import type { ContactLink } from '../utils/contact-links';

const LABEL_KEYS = {
  phone: 'faq.contact.phone',
  email: 'faq.contact.email',
  whatsapp: 'faq.contact.whatsapp',
  opening_hours: 'faq.contact.opening_hours',
} as const;

/** The contact modal's content: one labelled line per detail the shop gave (docs/storefront.md §2.13). */
export function ContactDetails({ links }: { links: ContactLink[] }) {
  const { t } = useTranslation();
  return (
    <dl className="kassa-faq-contact">
      {links.map((link) => (
        <div key={link.kind} className="kassa-faq-contact__row">
          <dt>{t(LABEL_KEYS[link.kind])}</dt>
          <dd>
            <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {link.text ??
                t(link.kind === 'whatsapp' ? 'faq.contact.whatsapp_link' : 'faq.contact.opening_hours_link')}
              {link.external && <span className="kassa-visually-hidden"> {t('faq.contact.new_window')}</span>}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}
