import type { Language } from '../../lib/language.ts';

type Translations = Record<Language, string>;

/** The demo shop's home hero (decision 0142): what the visitor comes for, in one line each. */
export const heroTexts = {
  title: {
    en: 'Five centuries of art, one day out',
    nl: 'Vijf eeuwen kunst, één dagje uit',
    es: 'Cinco siglos de arte en un solo día',
    de: 'Fünf Jahrhunderte Kunst an einem Tag',
    fr: 'Cinq siècles d’art en une journée',
  },
  text: {
    en: 'Book your museum admission, a guided tour or a canal cruise online and walk straight in. Open Tuesday to Sunday, 10:00 to 17:00.',
    nl: 'Boek online je museumticket, een rondleiding of een rondvaart en loop zo naar binnen. Open van dinsdag tot en met zondag, 10.00 tot 17.00 uur.',
    es: 'Reserva online tu entrada al museo, una visita guiada o un paseo en barco y entra sin hacer cola. Abierto de martes a domingo, de 10:00 a 17:00.',
    de: 'Buchen Sie Museumseintritt, Führung oder Grachtenfahrt online und gehen Sie direkt hinein. Geöffnet Dienstag bis Sonntag, 10:00 bis 17:00 Uhr.',
    fr: 'Réservez en ligne votre entrée au musée, une visite guidée ou une croisière et entrez sans attendre. Ouvert du mardi au dimanche, de 10 h à 17 h.',
  },
} satisfies Record<string, Translations>;
