import type { Translations } from '../translations.ts';

interface CategoryTexts {
  title: Translations;
  description: Translations;
}

/** Titles and descriptions of the demo categories, by category key. */
export const categoryTexts = {
  museum: {
    title: { en: 'Museum', nl: 'Museum', es: 'Museo', de: 'Museum', fr: 'Musée' },
    description: {
      en: 'Our collection, the current exhibitions and tours through the galleries. Plan a visit of an hour or a whole afternoon.',
      nl: 'Onze collectie, de actuele tentoonstellingen en rondleidingen door de zalen. Plan een bezoek van een uur of een hele middag.',
      es: 'Nuestra colección, las exposiciones actuales y visitas por las salas. Planea una visita de una hora o de toda una tarde.',
      de: 'Unsere Sammlung, die aktuellen Ausstellungen und Führungen durch die Säle. Planen Sie einen Besuch von einer Stunde oder einem ganzen Nachmittag.',
      fr: 'Notre collection, les expositions en cours et des visites à travers les salles. Prévoyez une heure ou tout un après-midi.',
    },
  },
  exhibitions: {
    title: {
      en: 'Exhibitions',
      nl: 'Tentoonstellingen',
      es: 'Exposiciones',
      de: 'Ausstellungen',
      fr: 'Expositions',
    },
    description: {
      en: 'Temporary exhibitions with timed entry, so there is always room to look closely.',
      nl: 'Tijdelijke tentoonstellingen met tijdsloten, zodat er altijd ruimte is om goed te kijken.',
      es: 'Exposiciones temporales con entrada por franja horaria, para que siempre haya espacio para mirar con calma.',
      de: 'Sonderausstellungen mit Zeitfenstern, damit immer Platz zum genauen Hinsehen bleibt.',
      fr: 'Des expositions temporaires à entrée horodatée, pour toujours avoir la place de regarder de près.',
    },
  },
  tours: {
    title: {
      en: 'Tours and programmes',
      nl: 'Rondleidingen en programma’s',
      es: 'Visitas y programas',
      de: 'Führungen und Programme',
      fr: 'Visites et programmes',
    },
    description: {
      en: 'Guided tours for individuals and programmes for schools, led by our own guides.',
      nl: 'Rondleidingen voor individuele bezoekers en programma’s voor scholen, verzorgd door onze eigen gidsen.',
      es: 'Visitas guiadas para particulares y programas para colegios, a cargo de nuestros propios guías.',
      de: 'Führungen für Einzelbesucher und Programme für Schulen, geleitet von unseren eigenen Guides.',
      fr: 'Des visites guidées pour les particuliers et des programmes pour les écoles, menés par nos propres guides.',
    },
  },
  'days-out': {
    title: { en: 'Days out', nl: 'Dagjes uit', es: 'Excursiones', de: 'Ausflüge', fr: 'Sorties' },
    description: {
      en: 'Combine your museum visit with a day at the zoo or a trip on the water.',
      nl: 'Combineer je museumbezoek met een dag in de dierentuin of een tocht over het water.',
      es: 'Combina tu visita al museo con un día en el zoo o un paseo por el agua.',
      de: 'Verbinden Sie Ihren Museumsbesuch mit einem Tag im Zoo oder einer Fahrt auf dem Wasser.',
      fr: 'Associez votre visite du musée à une journée au zoo ou à une balade sur l’eau.',
    },
  },
  water: {
    title: {
      en: 'On the water',
      nl: 'Op het water',
      es: 'En el agua',
      de: 'Auf dem Wasser',
      fr: 'Sur l’eau',
    },
    description: {
      en: 'Cruises that leave from the museum quay.',
      nl: 'Rondvaarten die vertrekken vanaf de museumkade.',
      es: 'Paseos en barco que salen del muelle del museo.',
      de: 'Bootsfahrten ab dem Museumskai.',
      fr: 'Des croisières au départ du quai du musée.',
    },
  },
  experiences: {
    title: { en: 'Experiences', nl: 'Belevenissen', es: 'Experiencias', de: 'Erlebnisse', fr: 'Expériences' },
    description: {
      en: 'Puzzles, plays and evenings in the museum that you will not find in any guidebook.',
      nl: 'Puzzels, voorstellingen en avonden in het museum die je in geen enkele reisgids vindt.',
      es: 'Enigmas, obras de teatro y veladas en el museo que no encontrarás en ninguna guía.',
      de: 'Rätsel, Theaterstücke und Abende im Museum, die in keinem Reiseführer stehen.',
      fr: 'Des énigmes, des pièces et des soirées au musée que vous ne trouverez dans aucun guide.',
    },
  },
  members: {
    title: {
      en: 'Friends’ corner',
      nl: 'Vriendenhoek',
      es: 'Rincón de amigos',
      de: 'Freundeskreis',
      fr: 'Espace des amis',
    },
    description: {
      en: 'Offers for Friends of the museum. Log in to see what is waiting for you.',
      nl: 'Aanbiedingen voor Vrienden van het museum. Log in om te zien wat er voor je klaarstaat.',
      es: 'Ofertas para los Amigos del museo. Inicia sesión para ver lo que te espera.',
      de: 'Angebote für Freunde des Museums. Melden Sie sich an, um zu sehen, was Sie erwartet.',
      fr: 'Des offres pour les Amis du musée. Connectez-vous pour découvrir ce qui vous attend.',
    },
  },
  'coming-soon': {
    title: { en: 'Coming soon', nl: 'Binnenkort', es: 'Próximamente', de: 'Demnächst', fr: 'Bientôt' },
    description: {
      en: 'Events we are still preparing.',
      nl: 'Evenementen die we nog voorbereiden.',
      es: 'Eventos que todavía estamos preparando.',
      de: 'Veranstaltungen, die wir noch vorbereiten.',
      fr: 'Des événements encore en préparation.',
    },
  },
} satisfies Record<string, CategoryTexts>;

export type CategoryKey = keyof typeof categoryTexts;
