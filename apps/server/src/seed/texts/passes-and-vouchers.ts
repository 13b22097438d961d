import type { Translations } from '../translations.ts';

interface ItemTexts {
  title: Translations;
  description: Translations;
}

export const subscriptionTexts = {
  'year-pass': {
    title: {
      en: 'Museum year pass',
      nl: 'Museumjaarkaart',
      es: 'Pase anual del museo',
      de: 'Museums-Jahreskarte',
      fr: 'Pass annuel du musée',
    },
    description: {
      en: 'Visit as often as you like for a whole year, including every temporary exhibition and the highlights tour. The pass is personal and carries your name and photo. Renew it online before it expires and keep your pass number.',
      nl: 'Kom een heel jaar zo vaak je wilt, inclusief alle tijdelijke tentoonstellingen en de rondleiding langs de hoogtepunten. De kaart is persoonlijk en staat op jouw naam met foto. Verleng hem online voor hij verloopt en houd je kaartnummer.',
      es: 'Visítanos tantas veces como quieras durante un año, con todas las exposiciones temporales y la visita guiada incluidas. El pase es personal y lleva tu nombre y foto. Renuévalo en línea antes de que caduque y conserva tu número de pase.',
      de: 'Ein ganzes Jahr lang so oft kommen, wie Sie möchten – einschließlich aller Sonderausstellungen und der Führung zu den Höhepunkten. Die Karte ist persönlich und trägt Ihren Namen und Ihr Foto. Verlängern Sie sie online vor Ablauf und behalten Sie Ihre Kartennummer.',
      fr: 'Venez aussi souvent que vous le souhaitez pendant un an, expositions temporaires et visite des incontournables comprises. Le pass est nominatif, avec votre nom et votre photo. Renouvelez-le en ligne avant son expiration et gardez votre numéro.',
    },
  },
  'ten-visit-card': {
    title: {
      en: 'Ten-visit card',
      nl: 'Tienrittenkaart',
      es: 'Bono de diez visitas',
      de: 'Zehnerkarte',
      fr: 'Carte dix visites',
    },
    description: {
      en: 'Ten visits to the museum, the zoo or the canal cruise, to use whenever you like. Redeem a visit online when you book a date. Handy for families and friends who share their outings.',
      nl: 'Tien bezoeken aan het museum, de dierentuin of de rondvaart, te gebruiken wanneer je wilt. Wissel online een bezoek in wanneer je een datum boekt. Handig voor gezinnen en vrienden die samen op pad gaan.',
      es: 'Diez visitas al museo, al zoo o al paseo en barco, para usar cuando quieras. Canjea una visita en línea al reservar una fecha. Práctico para familias y amigos que comparten sus salidas.',
      de: 'Zehn Besuche im Museum, im Zoo oder bei der Grachtenrundfahrt, einlösbar, wann Sie möchten. Lösen Sie einen Besuch online ein, wenn Sie ein Datum buchen. Praktisch für Familien und Freunde, die gemeinsam unterwegs sind.',
      fr: 'Dix visites au musée, au zoo ou en croisière, à utiliser quand vous voulez. Échangez une visite en ligne en réservant une date. Pratique pour les familles et les amis qui sortent ensemble.',
    },
  },
} satisfies Record<string, ItemTexts>;

export const voucherTexts = {
  'gift-card': {
    title: {
      en: 'Museum gift card',
      nl: 'Museumcadeaukaart',
      es: 'Tarjeta regalo del museo',
      de: 'Museums-Geschenkkarte',
      fr: 'Carte cadeau du musée',
    },
    description: {
      en: 'Give a day full of art. The gift card can be spent on every ticket, tour and experience in this shop. It stays valid for a year and can be used in several orders until the credit runs out.',
      nl: 'Geef een dag vol kunst cadeau. De cadeaukaart is te besteden aan elk ticket, elke rondleiding en elke belevenis in deze shop. Hij blijft een jaar geldig en is in meerdere bestellingen te gebruiken tot het tegoed op is.',
      es: 'Regala un día lleno de arte. La tarjeta regalo sirve para cualquier entrada, visita o experiencia de esta tienda. Es válida durante un año y puede usarse en varios pedidos hasta agotar el saldo.',
      de: 'Verschenken Sie einen Tag voller Kunst. Die Geschenkkarte gilt für alle Tickets, Führungen und Erlebnisse in diesem Shop. Sie ist ein Jahr gültig und kann in mehreren Bestellungen eingelöst werden, bis das Guthaben aufgebraucht ist.',
      fr: 'Offrez une journée pleine d’art. La carte cadeau s’utilise pour tous les billets, visites et expériences de cette boutique. Elle est valable un an et peut servir pour plusieurs commandes jusqu’à épuisement du crédit.',
    },
  },
  'family-day-out': {
    title: {
      en: 'Family day-out voucher',
      nl: 'Gezinsuitje-bon',
      es: 'Bono de excursión familiar',
      de: 'Familienausflug-Gutschein',
      fr: 'Bon sortie en famille',
    },
    description: {
      en: 'A ready-made day out: museum, zoo or canal cruise, the family chooses. The voucher never expires. Choose the size that fits the family you give it to.',
      nl: 'Een kant-en-klaar dagje uit: museum, dierentuin of rondvaart, het gezin kiest zelf. De bon verloopt nooit. Kies de grootte die past bij het gezin dat je hem geeft.',
      es: 'Una excursión lista para disfrutar: museo, zoo o paseo en barco, la familia elige. El bono no caduca nunca. Elige el tamaño que mejor encaje con la familia a la que se lo regalas.',
      de: 'Ein fertiger Ausflug: Museum, Zoo oder Grachtenfahrt – die Familie entscheidet. Der Gutschein verfällt nie. Wählen Sie die Größe, die zur beschenkten Familie passt.',
      fr: 'Une sortie toute prête : musée, zoo ou croisière, la famille choisit. Le bon n’expire jamais. Choisissez la formule adaptée à la famille à qui vous l’offrez.',
    },
  },
} satisfies Record<string, ItemTexts>;

/** Voucher values: name and a one-line description. */
export const voucherValueTexts = {
  '25': {
    name: {
      en: '€25 gift card',
      nl: 'Cadeaukaart van € 25',
      es: 'Tarjeta regalo de 25 €',
      de: 'Geschenkkarte über 25 €',
      fr: 'Carte cadeau de 25 €',
    },
    description: {
      en: 'Good for one admission with coffee',
      nl: 'Goed voor één toegang met koffie',
      es: 'Para una entrada con café',
      de: 'Reicht für einen Eintritt mit Kaffee',
      fr: 'Pour une entrée avec un café',
    },
  },
  '50': {
    name: {
      en: '€50 gift card',
      nl: 'Cadeaukaart van € 50',
      es: 'Tarjeta regalo de 50 €',
      de: 'Geschenkkarte über 50 €',
      fr: 'Carte cadeau de 50 €',
    },
    description: {
      en: 'A day out for two',
      nl: 'Een dagje uit voor twee',
      es: 'Una excursión para dos',
      de: 'Ein Ausflug für zwei',
      fr: 'Une sortie à deux',
    },
  },
  '100': {
    name: {
      en: '€100 gift card',
      nl: 'Cadeaukaart van € 100',
      es: 'Tarjeta regalo de 100 €',
      de: 'Geschenkkarte über 100 €',
      fr: 'Carte cadeau de 100 €',
    },
    description: {
      en: 'Limited edition in a hand-printed envelope',
      nl: 'Beperkte oplage in een handgedrukte envelop',
      es: 'Edición limitada en un sobre impreso a mano',
      de: 'Limitierte Auflage im handbedruckten Umschlag',
      fr: 'Édition limitée dans une enveloppe imprimée à la main',
    },
  },
  duo: {
    name: { en: 'Duo', nl: 'Duo', es: 'Dúo', de: 'Duo', fr: 'Duo' },
    description: {
      en: 'Two adults',
      nl: 'Twee volwassenen',
      es: 'Dos adultos',
      de: 'Zwei Erwachsene',
      fr: 'Deux adultes',
    },
  },
  family: {
    name: { en: 'Family', nl: 'Gezin', es: 'Familia', de: 'Familie', fr: 'Famille' },
    description: {
      en: 'Two adults and up to three children',
      nl: 'Twee volwassenen en maximaal drie kinderen',
      es: 'Dos adultos y hasta tres niños',
      de: 'Zwei Erwachsene und bis zu drei Kinder',
      fr: 'Deux adultes et jusqu’à trois enfants',
    },
  },
} satisfies Record<string, { name: Translations; description: Translations }>;
