import type { Faq } from '@kassa/domain/contract/faq';

export interface ContactLink {
  kind: 'phone' | 'email' | 'whatsapp' | 'opening_hours';
  href: string;
  /** What the visitor reads: the number or address; links to pages carry no text of their own. */
  text: string | null;
  external: boolean;
}

/** Only http(s) pages: a shop-entered `javascript:` URL must never become a link. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The contact modal's lines (docs/storefront.md §2.13): phone, e-mail, WhatsApp
 * and opening hours, each only when the shop filled it in (and it is usable).
 */
export function contactLinks(faq: Faq): ContactLink[] {
  const links: ContactLink[] = [];
  const phone = faq.phone_number?.trim();
  // tel: takes digits and a leading +; spaces and dashes are for people.
  const dial = phone?.replace(/[^\d+]/g, '');
  if (phone && dial) links.push({ kind: 'phone', href: `tel:${dial}`, text: phone, external: false });
  const email = faq.email?.trim();
  if (email) links.push({ kind: 'email', href: `mailto:${email}`, text: email, external: false });
  const whatsapp = webUrl(faq.whatsapp_url);
  if (whatsapp) links.push({ kind: 'whatsapp', href: whatsapp, text: null, external: true });
  const hours = webUrl(faq.opening_hours_url);
  if (hours) links.push({ kind: 'opening_hours', href: hours, text: null, external: true });
  return links;
}
