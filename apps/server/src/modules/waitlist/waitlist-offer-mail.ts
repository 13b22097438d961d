import { shopDate } from '@kassa/domain/rules/shop-date';
import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organisations, plots, products, waitlistEntries } from '../../db/schema.ts';
import { normaliseLanguage, pickText, type Language } from '../../lib/language.ts';
import { mailLink } from '../../mail/mail-link.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface OfferTexts {
  subject: (shop: string) => string;
  body: (quantity: number, visit: string, until: string) => string;
  link: (url: string) => string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, OfferTexts> = {
  en: {
    subject: (shop) => `Places have come free at ${shop}`,
    body: (quantity, visit, until) =>
      `Good news: ${quantity === 1 ? '1 place has' : `${quantity} places have`} come free for ${visit}. We keep ${quantity === 1 ? 'it' : 'them'} for you until ${until}.`,
    link: (url) => `Buy your tickets here: ${url}`,
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop) => `Er zijn plaatsen vrijgekomen bij ${shop}`,
    body: (quantity, visit, until) =>
      `Goed nieuws: er ${quantity === 1 ? 'is 1 plaats' : `zijn ${quantity} plaatsen`} vrijgekomen voor ${visit}. We houden ${quantity === 1 ? 'hem' : 'ze'} voor je vast tot ${until}.`,
    link: (url) => `Koop je tickets hier: ${url}`,
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  es: {
    subject: (shop) => `Se han liberado plazas en ${shop}`,
    body: (quantity, visit, until) =>
      `Buenas noticias: ${quantity === 1 ? 'se ha liberado 1 plaza' : `se han liberado ${quantity} plazas`} para ${visit}. Te ${quantity === 1 ? 'la' : 'las'} guardamos hasta ${until}.`,
    link: (url) => `Compra tus entradas aquí: ${url}`,
    closing: (shop) => `Saludos cordiales,\n${shop}`,
  },
  de: {
    subject: (shop) => `Bei ${shop} sind Plätze frei geworden`,
    body: (quantity, visit, until) =>
      `Gute Nachricht: Für ${visit} ${quantity === 1 ? 'ist 1 Platz' : `sind ${quantity} Plätze`} frei geworden. Wir halten ${quantity === 1 ? 'ihn' : 'sie'} bis ${until} für Sie bereit.`,
    link: (url) => `Kaufen Sie Ihre Tickets hier: ${url}`,
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  fr: {
    subject: (shop) => `Des places se sont libérées chez ${shop}`,
    body: (quantity, visit, until) =>
      `Bonne nouvelle : ${quantity === 1 ? '1 place s’est libérée' : `${quantity} places se sont libérées`} pour ${visit}. Nous ${quantity === 1 ? 'vous la gardons' : 'vous les gardons'} jusqu’au ${until}.`,
    link: (url) => `Achetez vos billets ici : ${url}`,
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/** The product page, preset to the offered plot and places, carrying the offer (decision 0252). */
export function offerPath(productId: number, slug: string, token: string): string {
  return `/product/${productId}/${encodeURIComponent(slug)}?waitlist=${encodeURIComponent(token)}`;
}

/**
 * WAITLIST_OFFER: places came free and are held for this visitor; the link
 * opens the product's order flow with the offer, straight on to payment.
 * Nothing to send once the offer is no longer open.
 */
export const waitlistOfferMailKind = defineMailKind({
  name: 'WAITLIST_OFFER',
  payload: z.object({ entryId: z.number().int().positive() }),
  async render({ db, publicUrl }, { entryId }) {
    const [row] = await db
      .select({
        entry: waitlistEntries,
        productId: products.id,
        slug: products.slug,
        title: products.title,
        date: plots.date,
        startTime: plots.startTime,
        endTime: plots.endTime,
        shop: organisations.name,
        timeZone: organisations.timeZone,
        dateFormat: organisations.dateFormat,
        fallback: organisations.defaultLanguage,
      })
      .from(waitlistEntries)
      .innerJoin(plots, eq(plots.id, waitlistEntries.plotId))
      .innerJoin(products, eq(products.id, plots.productId))
      .innerJoin(organisations, eq(organisations.id, waitlistEntries.organisationId))
      .where(eq(waitlistEntries.id, entryId));
    if (!row || row.entry.status !== 'OFFERED' || !row.entry.token || !row.entry.offerExpiresAt) return null;
    const language = row.entry.language;
    const texts = TEXTS[normaliseLanguage(language) ?? 'en'];
    const visit = [
      pickText(row.title, language, row.fallback),
      row.date ? shopDate(row.date, language, row.dateFormat) : null,
      formatTimeRange(row.startTime, row.endTime),
    ]
      .filter(Boolean)
      .join(', ');
    const until = new Intl.DateTimeFormat(language, {
      timeZone: row.timeZone,
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(row.entry.offerExpiresAt);
    const url = mailLink(
      `${publicUrl ?? ''}${offerPath(row.productId, row.slug, row.entry.token)}`,
      language,
    );
    return {
      language,
      to: row.entry.email,
      subject: texts.subject(row.shop),
      text: [
        texts.body(row.entry.quantity, visit, until),
        '',
        texts.link(url),
        '',
        texts.closing(row.shop),
      ].join('\n'),
    };
  },
});
