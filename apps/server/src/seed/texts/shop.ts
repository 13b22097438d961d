import type { Translations } from '../translations.ts';

/** Surcharges: type 0 on new bookings, type 1 on rebookings. */
export const additionTexts = {
  bookingFee: {
    en: 'Booking fee',
    nl: 'Reserveringskosten',
    es: 'Gastos de gestión',
    de: 'Buchungsgebühr',
    fr: 'Frais de réservation',
  },
  rebookingFee: {
    en: 'Rebooking fee',
    nl: 'Omboekingskosten',
    es: 'Gastos de cambio de reserva',
    de: 'Umbuchungsgebühr',
    fr: 'Frais de modification',
  },
} satisfies Record<string, Translations>;

export const groupTexts = {
  friends: {
    en: 'Friends of the museum',
    nl: 'Vrienden van het museum',
    es: 'Amigos del museo',
    de: 'Freunde des Museums',
    fr: 'Amis du musée',
  },
  schools: {
    en: 'Schools and educators',
    nl: 'Scholen en docenten',
    es: 'Colegios y docentes',
    de: 'Schulen und Lehrkräfte',
    fr: 'Écoles et enseignants',
  },
} satisfies Record<string, Translations>;

/** Card labels shown above an item's title. */
export const labelTexts = {
  new: { en: 'New', nl: 'Nieuw', es: 'Nuevo', de: 'Neu', fr: 'Nouveau' },
  popular: { en: 'Popular', nl: 'Populair', es: 'Popular', de: 'Beliebt', fr: 'Populaire' },
  familyFavourite: {
    en: 'Family favourite',
    nl: 'Favoriet bij gezinnen',
    es: 'Favorito de las familias',
    de: 'Familienliebling',
    fr: 'Préféré des familles',
  },
  membersOnly: {
    en: 'Friends only',
    nl: 'Alleen voor vrienden',
    es: 'Solo para amigos',
    de: 'Nur für Freunde',
    fr: 'Réservé aux amis',
  },
  bestValue: {
    en: 'Best value',
    nl: 'Voordeligst',
    es: 'Mejor precio',
    de: 'Bester Preis',
    fr: 'Meilleur prix',
  },
  giftIdea: {
    en: 'Gift idea',
    nl: 'Cadeautip',
    es: 'Idea para regalar',
    de: 'Geschenkidee',
    fr: 'Idée cadeau',
  },
} satisfies Record<string, Translations>;

export type GroupKey = keyof typeof groupTexts;
export type LabelKey = keyof typeof labelTexts;
