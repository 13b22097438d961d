import type { KeyFactKind } from '@kassa/domain/contract/catalog';
import type { Language } from '../../lib/language.ts';

type Translations = Record<Language, string>;
import type { ProductKey } from '../demo-keys.ts';

interface KeyFactText {
  kind: KeyFactKind;
  text: Translations;
}

/** The terms every cancellable demo ticket shares (the FAQ says the same). */
const freeCancellation: KeyFactText = {
  kind: 'CANCELLATION',
  text: {
    en: 'Free cancellation up to 48 hours before your visit; change the date for a small fee',
    nl: 'Gratis annuleren tot 48 uur voor je bezoek; de datum wijzigen kan tegen een kleine vergoeding',
    es: 'Cancelación gratuita hasta 48 horas antes de tu visita; cambio de fecha por una pequeña tarifa',
    de: 'Kostenlos stornierbar bis 48 Stunden vor dem Besuch; Datum gegen eine kleine Gebühr änderbar',
    fr: 'Annulation gratuite jusqu’à 48 heures avant la visite ; changement de date moyennant de petits frais',
  },
};

const museumLocation: KeyFactText = {
  kind: 'LOCATION',
  text: {
    en: 'Kassa Demo Museum, Museumplein 1 — entrance on the square',
    nl: 'Kassa Demo Museum, Museumplein 1 — ingang aan het plein',
    es: 'Kassa Demo Museum, Museumplein 1 — entrada por la plaza',
    de: 'Kassa Demo Museum, Museumplein 1 — Eingang am Platz',
    fr: 'Kassa Demo Museum, Museumplein 1 — entrée côté place',
  },
};

const stepFree: KeyFactText = {
  kind: 'ACCESSIBILITY',
  text: {
    en: 'Step-free throughout, lifts to every floor; a companion visits for free',
    nl: 'Overal drempelvrij, liften naar elke verdieping; een begeleider komt gratis mee',
    es: 'Sin escalones en todo el recorrido, ascensores a cada planta; el acompañante entra gratis',
    de: 'Durchgehend stufenlos, Aufzüge in jede Etage; eine Begleitperson hat freien Eintritt',
    fr: 'Entièrement de plain-pied, ascenseurs à chaque étage ; l’accompagnateur entre gratuitement',
  },
};

/**
 * Key facts of the demo products, by product key, in the order the product
 * page lists them (decision 0141). Kept apart from the titles and
 * descriptions so the catalogue file (#16) can take them over on its own.
 */
export const keyFactTexts: Record<ProductKey, KeyFactText[]> = {
  'museum-admission': [
    {
      kind: 'DURATION',
      text: {
        en: 'Valid all day on the date you choose; most visitors stay 2 to 3 hours',
        nl: 'De hele dag geldig op de gekozen datum; de meeste bezoekers blijven 2 tot 3 uur',
        es: 'Válida todo el día en la fecha elegida; la mayoría de visitantes se queda de 2 a 3 horas',
        de: 'Den ganzen Tag am gewählten Datum gültig; die meisten bleiben 2 bis 3 Stunden',
        fr: 'Valable toute la journée à la date choisie ; la plupart des visiteurs restent 2 à 3 heures',
      },
    },
    museumLocation,
    {
      kind: 'INCLUDED',
      text: {
        en: 'Permanent collection, sculpture garden and a free locker',
        nl: 'Vaste collectie, beeldentuin en een gratis kluisje',
        es: 'Colección permanente, jardín de esculturas y taquilla gratuita',
        de: 'Dauerausstellung, Skulpturengarten und ein kostenloses Schließfach',
        fr: 'Collection permanente, jardin de sculptures et un casier gratuit',
      },
    },
    {
      kind: 'AGE',
      text: {
        en: 'Children under 4 free, no ticket needed',
        nl: 'Kinderen onder de 4 gratis, geen ticket nodig',
        es: 'Menores de 4 años gratis, sin entrada',
        de: 'Kinder unter 4 frei, kein Ticket nötig',
        fr: 'Gratuit pour les moins de 4 ans, sans billet',
      },
    },
    freeCancellation,
    stepFree,
  ],
  'light-and-colour': [
    {
      kind: 'DURATION',
      text: {
        en: 'About 1½ hours; enter within your 30-minute time slot',
        nl: 'Ongeveer 1,5 uur; kom binnen tijdens je tijdslot van 30 minuten',
        es: 'Unos 90 minutos; entra dentro de tu franja de 30 minutos',
        de: 'Etwa 1,5 Stunden; Einlass innerhalb Ihres 30-minütigen Zeitfensters',
        fr: 'Environ 1 h 30 ; entrée pendant votre créneau de 30 minutes',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'East wing, first floor — follow the yellow signs from the main hall',
        nl: 'Oostvleugel, eerste verdieping — volg de gele borden vanuit de centrale hal',
        es: 'Ala este, primera planta — sigue las señales amarillas desde el vestíbulo',
        de: 'Ostflügel, erster Stock — folgen Sie den gelben Schildern ab der Haupthalle',
        fr: 'Aile est, premier étage — suivez les panneaux jaunes depuis le hall principal',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'The exhibition, a free audio tour on your phone and the permanent collection',
        nl: 'De tentoonstelling, een gratis audiotour op je telefoon en de vaste collectie',
        es: 'La exposición, audioguía gratuita en tu móvil y la colección permanente',
        de: 'Die Ausstellung, eine kostenlose Audiotour aufs Handy und die Dauerausstellung',
        fr: 'L’exposition, un audioguide gratuit sur votre téléphone et la collection permanente',
      },
    },
    freeCancellation,
  ],
  'highlights-tour': [
    {
      kind: 'DURATION',
      text: {
        en: '1 hour, starting at the time you book',
        nl: '1 uur, vanaf het tijdstip dat je boekt',
        es: '1 hora, a partir de la hora reservada',
        de: '1 Stunde, ab der gebuchten Uhrzeit',
        fr: '1 heure, à partir de l’horaire réservé',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'Meet your guide at the tour desk in the main hall, 10 minutes before the start',
        nl: 'Meld je 10 minuten voor de start bij de rondleidingsbalie in de centrale hal',
        es: 'Encuentro con el guía en el mostrador de visitas del vestíbulo, 10 minutos antes',
        de: 'Treffpunkt am Führungsschalter in der Haupthalle, 10 Minuten vor Beginn',
        fr: 'Rendez-vous au comptoir des visites du hall principal, 10 minutes avant le départ',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'Guide, headset in groups over 10 and museum admission for the rest of the day',
        nl: 'Gids, koptelefoon bij groepen boven de 10 en toegang tot het museum voor de rest van de dag',
        es: 'Guía, auriculares en grupos de más de 10 y entrada al museo el resto del día',
        de: 'Guide, Kopfhörer bei Gruppen ab 10 Personen und Museumseintritt für den restlichen Tag',
        fr: 'Guide, casque pour les groupes de plus de 10 et entrée au musée pour le reste de la journée',
      },
    },
    {
      kind: 'LANGUAGE',
      text: {
        en: 'Tours in English and Dutch; German, Spanish and French at weekends',
        nl: 'Rondleidingen in het Nederlands en Engels; Duits, Spaans en Frans in het weekend',
        es: 'Visitas en inglés y neerlandés; alemán, español y francés los fines de semana',
        de: 'Führungen auf Englisch und Niederländisch; am Wochenende auch Deutsch, Spanisch und Französisch',
        fr: 'Visites en anglais et en néerlandais ; allemand, espagnol et français le week-end',
      },
    },
    freeCancellation,
  ],
  'zoo-day': [
    {
      kind: 'DURATION',
      text: {
        en: 'Valid all day, 9:30 to 18:00; come and go as you please',
        nl: 'De hele dag geldig, 9.30 tot 18.00 uur; in- en uitlopen mag',
        es: 'Válida todo el día, de 9:30 a 18:00; puedes salir y volver a entrar',
        de: 'Den ganzen Tag gültig, 9:30 bis 18:00 Uhr; Wiedereintritt erlaubt',
        fr: 'Valable toute la journée, de 9 h 30 à 18 h ; sorties et retours libres',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'Partner zoo, Parklaan 12 — tram 14 stops at the gate',
        nl: 'Partnerdierentuin, Parklaan 12 — tram 14 stopt bij de poort',
        es: 'Zoo asociado, Parklaan 12 — el tranvía 14 para en la puerta',
        de: 'Partnerzoo, Parklaan 12 — die Tram 14 hält am Tor',
        fr: 'Zoo partenaire, Parklaan 12 — le tram 14 s’arrête devant l’entrée',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'All enclosures, the butterfly house and the daily feeding talks',
        nl: 'Alle verblijven, de vlindertuin en de dagelijkse voederpraatjes',
        es: 'Todos los recintos, el mariposario y las charlas diarias de alimentación',
        de: 'Alle Gehege, das Schmetterlingshaus und die täglichen Fütterungen mit Erklärung',
        fr: 'Tous les enclos, la serre aux papillons et les nourrissages commentés du jour',
      },
    },
    {
      kind: 'ACCESSIBILITY',
      text: {
        en: 'Paved paths suitable for wheelchairs and pushchairs',
        nl: 'Verharde paden, geschikt voor rolstoelen en kinderwagens',
        es: 'Caminos pavimentados aptos para sillas de ruedas y carritos',
        de: 'Befestigte Wege, geeignet für Rollstühle und Kinderwagen',
        fr: 'Allées goudronnées accessibles aux fauteuils roulants et aux poussettes',
      },
    },
    freeCancellation,
  ],
  'canal-cruise': [
    {
      kind: 'DURATION',
      text: {
        en: '75 minutes; boarding opens 10 minutes before departure',
        nl: '75 minuten; instappen vanaf 10 minuten voor vertrek',
        es: '75 minutos; el embarque abre 10 minutos antes de la salida',
        de: '75 Minuten; Einstieg ab 10 Minuten vor Abfahrt',
        fr: '75 minutes ; embarquement 10 minutes avant le départ',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'Museum quay, behind the museum on the canal side',
        nl: 'Museumsteiger, achter het museum aan de grachtkant',
        es: 'Muelle del museo, detrás del museo junto al canal',
        de: 'Museumsanleger, hinter dem Museum auf der Grachtseite',
        fr: 'Quai du musée, derrière le musée côté canal',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'Live commentary by the skipper and a covered, heated boat',
        nl: 'Live uitleg door de schipper en een overdekte, verwarmde boot',
        es: 'Comentarios en directo del patrón y barco cubierto y climatizado',
        de: 'Live-Kommentar des Kapitäns und ein überdachtes, beheiztes Boot',
        fr: 'Commentaires en direct du capitaine et bateau couvert et chauffé',
      },
    },
    {
      kind: 'LANGUAGE',
      text: {
        en: 'Commentary in English and Dutch',
        nl: 'Uitleg in het Nederlands en Engels',
        es: 'Comentarios en inglés y neerlandés',
        de: 'Kommentar auf Englisch und Niederländisch',
        fr: 'Commentaires en anglais et en néerlandais',
      },
    },
    freeCancellation,
  ],
  'escape-room': [
    {
      kind: 'DURATION',
      text: {
        en: '60 minutes of play, plus a 10-minute briefing',
        nl: '60 minuten spelen, plus 10 minuten uitleg vooraf',
        es: '60 minutos de juego, más 10 minutos de explicación previa',
        de: '60 Minuten Spielzeit, dazu 10 Minuten Einweisung',
        fr: '60 minutes de jeu, plus 10 minutes de briefing',
      },
    },
    {
      kind: 'AGE',
      text: {
        en: 'From age 12; players under 16 with an adult',
        nl: 'Vanaf 12 jaar; spelers onder de 16 met een volwassene',
        es: 'A partir de 12 años; menores de 16 con un adulto',
        de: 'Ab 12 Jahren; unter 16 nur mit einem Erwachsenen',
        fr: 'À partir de 12 ans ; les moins de 16 ans avec un adulte',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'A private room for your team of 2 to 6 and a team photo to take home',
        nl: 'Een eigen kamer voor je team van 2 tot 6 en een teamfoto om mee te nemen',
        es: 'Una sala privada para tu equipo de 2 a 6 y una foto de equipo de recuerdo',
        de: 'Ein eigener Raum für Ihr Team aus 2 bis 6 Personen und ein Teamfoto zum Mitnehmen',
        fr: 'Une salle privée pour votre équipe de 2 à 6 et une photo d’équipe à emporter',
      },
    },
    {
      kind: 'CANCELLATION',
      text: {
        en: 'Reserve now, pay later; free cancellation up to 48 hours before',
        nl: 'Nu reserveren, later betalen; gratis annuleren tot 48 uur vooraf',
        es: 'Reserva ahora y paga después; cancelación gratuita hasta 48 horas antes',
        de: 'Jetzt reservieren, später bezahlen; kostenlos stornierbar bis 48 Stunden vorher',
        fr: 'Réservez maintenant, payez plus tard ; annulation gratuite jusqu’à 48 heures avant',
      },
    },
  ],
  'theatre-evening': [
    {
      kind: 'DURATION',
      text: {
        en: '70 minutes without an interval; doors open 30 minutes before',
        nl: '70 minuten zonder pauze; deuren open 30 minuten vooraf',
        es: '70 minutos sin descanso; apertura de puertas 30 minutos antes',
        de: '70 Minuten ohne Pause; Einlass 30 Minuten vorher',
        fr: '70 minutes sans entracte ; ouverture des portes 30 minutes avant',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'The Gallery of Honour, entrance through the garden gate',
        nl: 'De Eregalerij, ingang via het tuinhek',
        es: 'La Galería de Honor, entrada por la verja del jardín',
        de: 'Die Ehrengalerie, Eingang durch das Gartentor',
        fr: 'La Galerie d’honneur, entrée par la grille du jardin',
      },
    },
    {
      kind: 'LANGUAGE',
      text: {
        en: 'Performed in English with Dutch surtitles',
        nl: 'Gespeeld in het Engels met Nederlandse boventiteling',
        es: 'Representada en inglés con sobretítulos en neerlandés',
        de: 'Auf Englisch mit niederländischen Übertiteln',
        fr: 'Jouée en anglais, surtitrée en néerlandais',
      },
    },
    {
      kind: 'AGE',
      text: {
        en: 'Recommended from age 14',
        nl: 'Aanbevolen vanaf 14 jaar',
        es: 'Recomendado a partir de 14 años',
        de: 'Empfohlen ab 14 Jahren',
        fr: 'Conseillé à partir de 14 ans',
      },
    },
    freeCancellation,
  ],
  'flex-ticket': [
    {
      kind: 'DURATION',
      text: {
        en: 'One visit on any opening day within 12 months of purchase',
        nl: 'Eén bezoek op een openingsdag naar keuze, binnen 12 maanden na aankoop',
        es: 'Una visita cualquier día de apertura en los 12 meses siguientes a la compra',
        de: 'Ein Besuch an einem beliebigen Öffnungstag innerhalb von 12 Monaten nach Kauf',
        fr: 'Une visite n’importe quel jour d’ouverture dans les 12 mois suivant l’achat',
      },
    },
    museumLocation,
    {
      kind: 'INCLUDED',
      text: {
        en: 'Permanent collection and sculpture garden; no time slot needed',
        nl: 'Vaste collectie en beeldentuin; geen tijdslot nodig',
        es: 'Colección permanente y jardín de esculturas; sin franja horaria',
        de: 'Dauerausstellung und Skulpturengarten; kein Zeitfenster nötig',
        fr: 'Collection permanente et jardin de sculptures ; sans créneau horaire',
      },
    },
    {
      kind: 'CANCELLATION',
      text: {
        en: 'Refundable within 14 days of purchase if unused',
        nl: 'Binnen 14 dagen na aankoop terug te geven als hij niet gebruikt is',
        es: 'Reembolsable en los 14 días siguientes a la compra si no se ha usado',
        de: 'Innerhalb von 14 Tagen nach Kauf erstattbar, wenn unbenutzt',
        fr: 'Remboursable dans les 14 jours suivant l’achat s’il n’a pas été utilisé',
      },
    },
  ],
  'photo-permit': [
    {
      kind: 'DURATION',
      text: {
        en: 'Valid for one day, together with a regular ticket',
        nl: 'Eén dag geldig, samen met een gewoon toegangsbewijs',
        es: 'Válido un día, junto con una entrada normal',
        de: 'Einen Tag gültig, zusammen mit einem regulären Ticket',
        fr: 'Valable une journée, avec un billet ordinaire',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'Use of a tripod and battery-powered lighting in every gallery',
        nl: 'Gebruik van statief en verlichting op batterijen in alle zalen',
        es: 'Uso de trípode e iluminación a pilas en todas las salas',
        de: 'Stativ und akkubetriebene Beleuchtung in allen Sälen erlaubt',
        fr: 'Trépied et éclairage sur batterie autorisés dans toutes les salles',
      },
    },
    {
      kind: 'CANCELLATION',
      text: {
        en: 'Free cancellation up to 48 hours before your visit; no flash on the paintings',
        nl: 'Gratis annuleren tot 48 uur voor je bezoek; geen flits op de schilderijen',
        es: 'Cancelación gratuita hasta 48 horas antes; sin flash sobre las pinturas',
        de: 'Kostenlos stornierbar bis 48 Stunden vorher; kein Blitz auf die Gemälde',
        fr: 'Annulation gratuite jusqu’à 48 heures avant ; pas de flash sur les tableaux',
      },
    },
  ],
  'members-preview': [
    {
      kind: 'DURATION',
      text: {
        en: 'Two hours, from 19:00 to 21:00',
        nl: 'Twee uur, van 19.00 tot 21.00 uur',
        es: 'Dos horas, de 19:00 a 21:00',
        de: 'Zwei Stunden, von 19:00 bis 21:00 Uhr',
        fr: 'Deux heures, de 19 h à 21 h',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'Welcome drink, a talk by the curator and the exhibition before it opens',
        nl: 'Welkomstdrankje, een praatje van de conservator en de tentoonstelling voor de opening',
        es: 'Bebida de bienvenida, una charla del comisario y la exposición antes de su apertura',
        de: 'Begrüßungsgetränk, ein Vortrag der Kuratorin und die Ausstellung vor der Eröffnung',
        fr: 'Boisson d’accueil, une causerie du conservateur et l’exposition avant son ouverture',
      },
    },
    museumLocation,
    {
      kind: 'CANCELLATION',
      text: {
        en: 'Free tickets: please cancel if you cannot come, so another Friend can',
        nl: 'Gratis tickets: annuleer als je niet kunt komen, zodat een andere Vriend kan gaan',
        es: 'Entradas gratuitas: cancela si no puedes venir para que otro Amigo pueda ir',
        de: 'Kostenlose Tickets: Bitte stornieren Sie, wenn Sie verhindert sind, damit ein anderer Freund kommen kann',
        fr: 'Billets gratuits : annulez si vous ne pouvez pas venir, pour qu’un autre Ami puisse en profiter',
      },
    },
  ],
  'school-visit': [
    {
      kind: 'DURATION',
      text: {
        en: '2 hours: a 1-hour workshop and a 1-hour tour',
        nl: '2 uur: een workshop van 1 uur en een rondleiding van 1 uur',
        es: '2 horas: un taller de 1 hora y una visita de 1 hora',
        de: '2 Stunden: 1 Stunde Workshop und 1 Stunde Führung',
        fr: '2 heures : un atelier d’une heure et une visite d’une heure',
      },
    },
    {
      kind: 'AGE',
      text: {
        en: 'Groups of 10 to 35 pupils, programmes for ages 6 to 18',
        nl: 'Groepen van 10 tot 35 leerlingen, programma’s voor 6 tot 18 jaar',
        es: 'Grupos de 10 a 35 alumnos, programas de 6 a 18 años',
        de: 'Gruppen von 10 bis 35 Schülern, Programme für 6 bis 18 Jahre',
        fr: 'Groupes de 10 à 35 élèves, programmes pour les 6 à 18 ans',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'Workshop materials, a guide and free entry for up to 4 teachers',
        nl: 'Workshopmaterialen, een gids en gratis toegang voor maximaal 4 leraren',
        es: 'Materiales del taller, un guía y entrada gratuita para hasta 4 docentes',
        de: 'Workshopmaterial, ein Guide und freier Eintritt für bis zu 4 Lehrkräfte',
        fr: 'Matériel d’atelier, un guide et l’entrée gratuite pour 4 enseignants maximum',
      },
    },
    {
      kind: 'CANCELLATION',
      text: {
        en: 'Free cancellation up to 2 weeks before the visit',
        nl: 'Gratis annuleren tot 2 weken voor het bezoek',
        es: 'Cancelación gratuita hasta 2 semanas antes de la visita',
        de: 'Kostenlos stornierbar bis 2 Wochen vor dem Besuch',
        fr: 'Annulation gratuite jusqu’à 2 semaines avant la visite',
      },
    },
  ],
  'winter-festival': [
    {
      kind: 'DURATION',
      text: {
        en: 'Evenings from 17:00 to 22:00; the lantern walk takes about 45 minutes',
        nl: 'Avonden van 17.00 tot 22.00 uur; de lampionnenwandeling duurt ongeveer 45 minuten',
        es: 'Tardes de 17:00 a 22:00; el paseo de farolillos dura unos 45 minutos',
        de: 'Abends von 17:00 bis 22:00 Uhr; der Laternenrundgang dauert etwa 45 Minuten',
        fr: 'Le soir de 17 h à 22 h ; la promenade aux lanternes dure environ 45 minutes',
      },
    },
    {
      kind: 'LOCATION',
      text: {
        en: 'Museum courtyard and garden, entrance through the garden gate',
        nl: 'Binnenplaats en tuin van het museum, ingang via het tuinhek',
        es: 'Patio y jardín del museo, entrada por la verja del jardín',
        de: 'Innenhof und Garten des Museums, Eingang durch das Gartentor',
        fr: 'Cour et jardin du musée, entrée par la grille du jardin',
      },
    },
    {
      kind: 'INCLUDED',
      text: {
        en: 'A lantern to keep and a cup of hot chocolate',
        nl: 'Een lampion om te houden en een beker warme chocolademelk',
        es: 'Un farolillo de recuerdo y una taza de chocolate caliente',
        de: 'Eine Laterne zum Mitnehmen und ein Becher heiße Schokolade',
        fr: 'Une lanterne à emporter et une tasse de chocolat chaud',
      },
    },
    freeCancellation,
  ],
};
