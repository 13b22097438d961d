import type { Language } from '../../lib/language.ts';

/**
 * Texts of the page heads the server writes (title and meta description of
 * pages whose words are not in the catalogue). The page titles match the
 * storefront's locale files (calendar.title, faq.title), so the title does
 * not change when the app takes over.
 */
export interface PageTexts {
  /** Open Graph locale. */
  ogLocale: string;
  home: (shop: string) => string;
  calendarTitle: string;
  calendarDescription: (shop: string) => string;
  faqTitle: string;
  faqDescription: (shop: string) => string;
  /** The title of a 404 page, as the storefront's not_found.title. */
  notFoundTitle: string;
}

export const PAGE_TEXTS: Record<Language, PageTexts> = {
  en: {
    ogLocale: 'en_GB',
    home: (shop) => `Book tickets, passes and gift vouchers for ${shop} online.`,
    calendarTitle: 'Calendar',
    notFoundTitle: 'Page not found',
    calendarDescription: (shop) => `Choose a day to see what is on at ${shop} and book your tickets.`,
    faqTitle: 'Frequently asked questions',
    faqDescription: (shop) => `Answers to common questions about tickets, bookings and refunds at ${shop}.`,
  },
  nl: {
    ogLocale: 'nl_NL',
    home: (shop) => `Boek online tickets, abonnementen en cadeaubonnen voor ${shop}.`,
    calendarTitle: 'Agenda',
    notFoundTitle: 'Pagina niet gevonden',
    calendarDescription: (shop) =>
      `Kies een dag om te zien wat er te doen is bij ${shop} en boek je tickets.`,
    faqTitle: 'Veelgestelde vragen',
    faqDescription: (shop) =>
      `Antwoorden op veelgestelde vragen over tickets, boekingen en terugbetalingen bij ${shop}.`,
  },
  de: {
    ogLocale: 'de_DE',
    home: (shop) => `Buchen Sie Tickets, Abos und Gutscheine für ${shop} online.`,
    calendarTitle: 'Kalender',
    notFoundTitle: 'Seite nicht gefunden',
    calendarDescription: (shop) =>
      `Wählen Sie einen Tag, um zu sehen, was bei ${shop} los ist, und buchen Sie Ihre Tickets.`,
    faqTitle: 'Häufig gestellte Fragen',
    faqDescription: (shop) =>
      `Antworten auf häufige Fragen zu Tickets, Buchungen und Erstattungen bei ${shop}.`,
  },
  es: {
    ogLocale: 'es_ES',
    home: (shop) => `Reserva en línea entradas, abonos y vales regalo para ${shop}.`,
    calendarTitle: 'Calendario',
    notFoundTitle: 'Página no encontrada',
    calendarDescription: (shop) => `Elige un día para ver qué hay en ${shop} y reserva tus entradas.`,
    faqTitle: 'Preguntas frecuentes',
    faqDescription: (shop) =>
      `Respuestas a preguntas frecuentes sobre entradas, reservas y reembolsos en ${shop}.`,
  },
  fr: {
    ogLocale: 'fr_FR',
    home: (shop) => `Réservez en ligne billets, abonnements et bons cadeaux pour ${shop}.`,
    calendarTitle: 'Calendrier',
    notFoundTitle: 'Page introuvable',
    calendarDescription: (shop) =>
      `Choisissez un jour pour voir le programme de ${shop} et réserver vos billets.`,
    faqTitle: 'Questions fréquentes',
    faqDescription: (shop) =>
      `Réponses aux questions fréquentes sur les billets, les réservations et les remboursements chez ${shop}.`,
  },
};
