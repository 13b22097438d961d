import type { Translations } from '../translations.ts';

interface UpsellTexts {
  title: Translations;
  /** Shop-written HTML: the storefront sanitises it before rendering. */
  description: Translations;
}

export const upsellTexts = {
  'audio-guide': {
    title: { en: 'Audio guide', nl: 'Audiotour', es: 'Audioguía', de: 'Audioguide', fr: 'Audioguide' },
    description: {
      en: '<p>Forty stories about the collection, told by our curators.</p><ul><li>Available in five languages</li><li>Pick it up at the cloakroom</li></ul>',
      nl: '<p>Veertig verhalen over de collectie, verteld door onze conservatoren.</p><ul><li>Beschikbaar in vijf talen</li><li>Ophalen bij de garderobe</li></ul>',
      es: '<p>Cuarenta historias sobre la colección, contadas por nuestros conservadores.</p><ul><li>Disponible en cinco idiomas</li><li>Recógela en el guardarropa</li></ul>',
      de: '<p>Vierzig Geschichten über die Sammlung, erzählt von unseren Kuratoren.</p><ul><li>In fünf Sprachen verfügbar</li><li>Abholung an der Garderobe</li></ul>',
      fr: '<p>Quarante histoires sur la collection, racontées par nos conservateurs.</p><ul><li>Disponible en cinq langues</li><li>À retirer au vestiaire</li></ul>',
    },
  },
  'coffee-cake': {
    title: {
      en: 'Coffee and cake',
      nl: 'Koffie met gebak',
      es: 'Café con tarta',
      de: 'Kaffee und Kuchen',
      fr: 'Café et gâteau',
    },
    description: {
      en: '<p>A coffee or tea with a slice of <strong>homemade apple cake</strong> in the museum café. At most four per booking.</p>',
      nl: '<p>Een koffie of thee met een punt <strong>huisgemaakte appeltaart</strong> in het museumcafé. Maximaal vier per boeking.</p>',
      es: '<p>Un café o té con una porción de <strong>tarta de manzana casera</strong> en la cafetería del museo. Como máximo cuatro por reserva.</p>',
      de: '<p>Ein Kaffee oder Tee mit einem Stück <strong>hausgemachtem Apfelkuchen</strong> im Museumscafé. Höchstens vier pro Buchung.</p>',
      fr: '<p>Un café ou un thé avec une part de <strong>tarte aux pommes maison</strong> au café du musée. Quatre au maximum par réservation.</p>',
    },
  },
  'museum-map': {
    title: {
      en: 'Printed museum map',
      nl: 'Gedrukte museumplattegrond',
      es: 'Plano impreso del museo',
      de: 'Gedruckter Museumsplan',
      fr: 'Plan imprimé du musée',
    },
    description: {
      en: '<p>A fold-out map with a <em>family trail</em>. Free, and ready for you at the entrance.</p>',
      nl: '<p>Een uitvouwbare plattegrond met een <em>gezinsroute</em>. Gratis en klaar voor je bij de ingang.</p>',
      es: '<p>Un plano desplegable con un <em>recorrido para familias</em>. Gratis y listo para ti en la entrada.</p>',
      de: '<p>Ein Faltplan mit einer <em>Familienroute</em>. Kostenlos und für Sie am Eingang bereit.</p>',
      fr: '<p>Un plan dépliant avec un <em>parcours famille</em>. Gratuit, il vous attend à l’entrée.</p>',
    },
  },
  'restoration-donation': {
    title: {
      en: 'Support the restoration fund',
      nl: 'Steun het restauratiefonds',
      es: 'Apoya el fondo de restauración',
      de: 'Unterstützen Sie den Restaurierungsfonds',
      fr: 'Soutenez le fonds de restauration',
    },
    description: {
      en: '<p>Every euro goes to restoring works from our own collection. <strong>Thank you!</strong></p>',
      nl: '<p>Elke euro gaat naar de restauratie van werken uit onze eigen collectie. <strong>Dank je wel!</strong></p>',
      es: '<p>Cada euro se destina a restaurar obras de nuestra propia colección. <strong>¡Gracias!</strong></p>',
      de: '<p>Jeder Euro fließt in die Restaurierung von Werken aus unserer eigenen Sammlung. <strong>Vielen Dank!</strong></p>',
      fr: '<p>Chaque euro sert à restaurer des œuvres de notre propre collection. <strong>Merci !</strong></p>',
    },
  },
} satisfies Record<string, UpsellTexts>;

export type UpsellKey = keyof typeof upsellTexts;
