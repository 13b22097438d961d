import type { Translations } from '../translations.ts';

interface ProductTexts {
  title: Translations;
  description: Translations;
}

/** Titles and descriptions of the demo products, by product key. */
export const productTexts = {
  'museum-admission': {
    title: {
      en: 'Museum admission',
      nl: 'Toegang tot het museum',
      es: 'Entrada al museo',
      de: 'Museumseintritt',
      fr: 'Entrée au musée',
    },
    description: {
      en: 'Wander through five centuries of art in our restored galleries. Your ticket gives access to the permanent collection and the sculpture garden for the whole day. Children under 4 visit for free and do not need a ticket.',
      nl: 'Dwaal door vijf eeuwen kunst in onze gerestaureerde zalen. Je ticket geeft de hele dag toegang tot de vaste collectie en de beeldentuin. Kinderen onder de 4 jaar komen gratis binnen en hebben geen ticket nodig.',
      es: 'Recorre cinco siglos de arte en nuestras salas restauradas. Tu entrada da acceso a la colección permanente y al jardín de esculturas durante todo el día. Los menores de 4 años entran gratis y no necesitan entrada.',
      de: 'Entdecken Sie fünf Jahrhunderte Kunst in unseren restaurierten Sälen. Ihr Ticket gilt den ganzen Tag für die Dauerausstellung und den Skulpturengarten. Kinder unter 4 Jahren haben freien Eintritt und brauchen kein Ticket.',
      fr: 'Parcourez cinq siècles d’art dans nos salles restaurées. Votre billet donne accès à la collection permanente et au jardin de sculptures pour toute la journée. Les enfants de moins de 4 ans entrent gratuitement et n’ont pas besoin de billet.',
    },
  },
  'light-and-colour': {
    title: {
      en: 'Light & Colour exhibition',
      nl: 'Tentoonstelling Licht & Kleur',
      es: 'Exposición Luz y Color',
      de: 'Ausstellung Licht & Farbe',
      fr: 'Exposition Lumière & Couleur',
    },
    description: {
      en: 'An immersive exhibition about how painters captured light, from candlelit interiors to dazzling modern colour fields. Entry is by time slot so every room stays calm. Plan about an hour and a half for your visit.',
      nl: 'Een meeslepende tentoonstelling over hoe schilders licht vastlegden, van interieurs bij kaarslicht tot verblindende moderne kleurvlakken. Je komt binnen op een tijdslot, zodat het in elke zaal rustig blijft. Trek ongeveer anderhalf uur uit voor je bezoek.',
      es: 'Una exposición inmersiva sobre cómo los pintores captaron la luz, desde interiores a la luz de las velas hasta deslumbrantes campos de color modernos. La entrada es por franja horaria para que todas las salas estén tranquilas. Calcula una hora y media para tu visita.',
      de: 'Eine eindrucksvolle Ausstellung darüber, wie Maler das Licht einfingen – von Interieurs bei Kerzenschein bis zu leuchtenden modernen Farbfeldern. Der Einlass erfolgt nach Zeitfenster, damit es in jedem Raum ruhig bleibt. Planen Sie etwa anderthalb Stunden ein.',
      fr: 'Une exposition immersive sur la manière dont les peintres ont saisi la lumière, des intérieurs éclairés à la bougie aux éclatants champs de couleur modernes. L’entrée se fait par créneau horaire pour que chaque salle reste paisible. Comptez environ une heure et demie de visite.',
    },
  },
  'highlights-tour': {
    title: {
      en: 'Highlights tour with a guide',
      nl: 'Rondleiding langs de hoogtepunten',
      es: 'Visita guiada por lo más destacado',
      de: 'Führung zu den Höhepunkten',
      fr: 'Visite guidée des incontournables',
    },
    description: {
      en: 'Join one of our guides for a lively hour along the ten works nobody should miss. Tours run in small groups and leave from the main hall. Museum admission is included.',
      nl: 'Ga mee met een van onze gidsen voor een levendig uur langs de tien werken die niemand mag missen. De rondleidingen zijn in kleine groepen en vertrekken vanuit de centrale hal. Toegang tot het museum is inbegrepen.',
      es: 'Acompaña a uno de nuestros guías durante una hora animada por las diez obras que nadie debería perderse. Las visitas son en grupos reducidos y salen del vestíbulo principal. La entrada al museo está incluida.',
      de: 'Begleiten Sie einen unserer Guides auf einem lebendigen Rundgang zu den zehn Werken, die niemand verpassen sollte. Die Führungen finden in kleinen Gruppen statt und beginnen in der Haupthalle. Der Museumseintritt ist inbegriffen.',
      fr: 'Suivez l’un de nos guides pendant une heure animée à la découverte des dix œuvres à ne pas manquer. Les visites se font en petits groupes au départ du hall principal. L’entrée au musée est comprise.',
    },
  },
  'zoo-day': {
    title: {
      en: 'Zoo day ticket',
      nl: 'Dagkaart dierentuin',
      es: 'Entrada de día al zoo',
      de: 'Zoo-Tageskarte',
      fr: 'Billet journée au zoo',
    },
    description: {
      en: 'Spend a day with giraffes, red pandas and more than a hundred other species in our partner zoo. Feeding times are posted at the entrance. Tickets are valid all day, so come and go as you please.',
      nl: 'Breng een dag door met giraffen, rode panda’s en meer dan honderd andere diersoorten in onze partnerdierentuin. De voedertijden hangen bij de ingang. Tickets zijn de hele dag geldig, dus je mag in- en uitlopen.',
      es: 'Pasa un día con jirafas, pandas rojos y más de cien especies más en nuestro zoo asociado. Los horarios de comida se anuncian en la entrada. Las entradas valen todo el día, así que puedes entrar y salir cuando quieras.',
      de: 'Verbringen Sie einen Tag mit Giraffen, Roten Pandas und über hundert weiteren Arten in unserem Partnerzoo. Die Fütterungszeiten hängen am Eingang aus. Die Tickets gelten den ganzen Tag, Sie können also kommen und gehen, wie Sie möchten.',
      fr: 'Passez une journée avec des girafes, des pandas roux et plus de cent autres espèces dans notre zoo partenaire. Les heures de nourrissage sont affichées à l’entrée. Les billets sont valables toute la journée : entrez et sortez à votre guise.',
    },
  },
  'canal-cruise': {
    title: {
      en: 'Canal cruise',
      nl: 'Rondvaart door de grachten',
      es: 'Paseo en barco por los canales',
      de: 'Grachtenrundfahrt',
      fr: 'Croisière sur les canaux',
    },
    description: {
      en: 'Glide past gabled houses and hidden courtyards on a seventy-five-minute cruise with live commentary. The covered boat sails in all weather. Boarding starts ten minutes before departure at the museum quay.',
      nl: 'Vaar langs trapgevels en verborgen hofjes tijdens een rondvaart van vijfenzeventig minuten met live uitleg. De overdekte boot vaart bij elk weer. Instappen kan vanaf tien minuten voor vertrek aan de museumkade.',
      es: 'Navega junto a casas con frontones y patios escondidos en un paseo de setenta y cinco minutos con explicaciones en directo. El barco cubierto sale con cualquier tiempo. El embarque empieza diez minutos antes de la salida en el muelle del museo.',
      de: 'Gleiten Sie auf einer 75-minütigen Fahrt mit Live-Kommentar an Giebelhäusern und versteckten Innenhöfen vorbei. Das überdachte Boot fährt bei jedem Wetter. Der Einstieg beginnt zehn Minuten vor Abfahrt am Museumskai.',
      fr: 'Glissez devant des maisons à pignon et des cours cachées lors d’une croisière commentée de soixante-quinze minutes. Le bateau couvert navigue par tous les temps. L’embarquement commence dix minutes avant le départ, au quai du musée.',
    },
  },
  'escape-room': {
    title: {
      en: 'Escape room: The Curator’s Secret',
      nl: 'Escaperoom: Het geheim van de conservator',
      es: 'Escape room: El secreto del conservador',
      de: 'Escape Room: Das Geheimnis des Kurators',
      fr: 'Escape game : Le secret du conservateur',
    },
    description: {
      en: 'The curator has vanished and only you can crack the clues hidden in his study. Teams of two to six players have sixty minutes to escape. Suitable from age twelve; reserve now and pay later if your team is not complete yet.',
      nl: 'De conservator is verdwenen en alleen jullie kunnen de aanwijzingen in zijn werkkamer ontcijferen. Teams van twee tot zes spelers hebben zestig minuten om te ontsnappen. Geschikt vanaf twaalf jaar; reserveer nu en betaal later als je team nog niet compleet is.',
      es: 'El conservador ha desaparecido y solo vosotros podéis descifrar las pistas escondidas en su despacho. Equipos de dos a seis jugadores tienen sesenta minutos para escapar. Apto a partir de doce años; reserva ahora y paga más tarde si tu equipo aún no está completo.',
      de: 'Der Kurator ist verschwunden, und nur Ihr könnt die Hinweise in seinem Arbeitszimmer entschlüsseln. Teams von zwei bis sechs Personen haben sechzig Minuten für die Flucht. Geeignet ab zwölf Jahren; jetzt reservieren und später bezahlen, wenn das Team noch nicht komplett ist.',
      fr: 'Le conservateur a disparu et vous seuls pouvez déchiffrer les indices cachés dans son bureau. Les équipes de deux à six joueurs ont soixante minutes pour s’échapper. Dès douze ans ; réservez maintenant et payez plus tard si votre équipe n’est pas encore au complet.',
    },
  },
  'theatre-evening': {
    title: {
      en: 'Evening theatre: The Night Watchman',
      nl: 'Avondvoorstelling: De Nachtwaker',
      es: 'Teatro de noche: El vigilante nocturno',
      de: 'Abendtheater: Der Nachtwächter',
      fr: 'Théâtre du soir : Le Veilleur de nuit',
    },
    description: {
      en: 'A witty one-act play performed among the paintings after closing time. The night watchman tells the stories the portraits would rather keep to themselves. Prices vary by evening: the earlier you book, the better the deal.',
      nl: 'Een geestige eenakter, gespeeld tussen de schilderijen na sluitingstijd. De nachtwaker vertelt de verhalen die de portretten liever voor zich houden. De prijzen verschillen per avond: hoe eerder je boekt, hoe voordeliger.',
      es: 'Una obra ingeniosa en un acto representada entre los cuadros después del cierre. El vigilante nocturno cuenta las historias que los retratos preferirían callar. Los precios varían según la noche: cuanto antes reserves, mejor precio.',
      de: 'Ein witziger Einakter, gespielt zwischen den Gemälden nach Museumsschluss. Der Nachtwächter erzählt die Geschichten, die die Porträts lieber für sich behalten würden. Die Preise variieren je nach Abend: Wer früh bucht, zahlt weniger.',
      fr: 'Une pièce en un acte pleine d’esprit, jouée parmi les tableaux après la fermeture. Le veilleur de nuit raconte les histoires que les portraits préféreraient garder pour eux. Les prix varient selon les soirs : plus vous réservez tôt, plus c’est avantageux.',
    },
  },
  'flex-ticket': {
    title: {
      en: 'Flexible entry ticket',
      nl: 'Flexibel toegangsticket',
      es: 'Entrada flexible',
      de: 'Flexibles Eintrittsticket',
      fr: 'Billet d’entrée flexible',
    },
    description: {
      en: 'Not sure when you will visit? This ticket is valid on any opening day within a year of purchase. Just show it at the entrance, no time slot needed.',
      nl: 'Weet je nog niet wanneer je komt? Dit ticket is geldig op elke openingsdag binnen een jaar na aankoop. Laat het gewoon zien bij de ingang, een tijdslot is niet nodig.',
      es: '¿Aún no sabes cuándo vendrás? Esta entrada vale para cualquier día de apertura durante un año desde la compra. Solo tienes que mostrarla en la entrada, sin franja horaria.',
      de: 'Sie wissen noch nicht, wann Sie kommen? Dieses Ticket gilt an jedem Öffnungstag innerhalb eines Jahres nach dem Kauf. Zeigen Sie es einfach am Eingang vor, ein Zeitfenster ist nicht nötig.',
      fr: 'Vous ne savez pas encore quand vous viendrez ? Ce billet est valable n’importe quel jour d’ouverture pendant un an après l’achat. Présentez-le simplement à l’entrée, sans créneau horaire.',
    },
  },
  'photo-permit': {
    title: {
      en: 'Photography permit',
      nl: 'Fotografievergunning',
      es: 'Permiso de fotografía',
      de: 'Fotoerlaubnis',
      fr: 'Permis de photographie',
    },
    description: {
      en: 'For photographers who want to use a tripod or professional lighting in the galleries. The permit is valid for one day together with a regular ticket. Flash photography of the paintings stays forbidden.',
      nl: 'Voor fotografen die in de zalen een statief of professionele belichting willen gebruiken. De vergunning is één dag geldig, samen met een gewoon ticket. Flitsen bij de schilderijen blijft verboden.',
      es: 'Para fotógrafos que quieran usar trípode o iluminación profesional en las salas. El permiso vale un día junto con una entrada normal. Sigue prohibido usar flash con los cuadros.',
      de: 'Für Fotografinnen und Fotografen, die in den Sälen ein Stativ oder professionelles Licht nutzen möchten. Die Erlaubnis gilt einen Tag zusammen mit einem regulären Ticket. Blitzlicht bei den Gemälden bleibt verboten.',
      fr: 'Pour les photographes qui souhaitent utiliser un trépied ou un éclairage professionnel dans les salles. Le permis est valable une journée avec un billet ordinaire. Le flash reste interdit devant les tableaux.',
    },
  },
  'members-preview': {
    title: {
      en: 'Members’ preview evening',
      nl: 'Previewavond voor vrienden',
      es: 'Preestreno para amigos del museo',
      de: 'Vorbesichtigung für Freunde',
      fr: 'Soirée d’avant-première des amis',
    },
    description: {
      en: 'Be the first to see our next exhibition, with a welcome drink and a short talk by the curator. This evening is reserved for Friends of the museum. Tickets are free but places are limited.',
      nl: 'Zie als eerste onze volgende tentoonstelling, met een welkomstdrankje en een korte toelichting door de conservator. Deze avond is voorbehouden aan Vrienden van het museum. Tickets zijn gratis, maar het aantal plaatsen is beperkt.',
      es: 'Sé de los primeros en ver nuestra próxima exposición, con una copa de bienvenida y una breve charla del conservador. Esta velada está reservada a los Amigos del museo. Las entradas son gratuitas, pero las plazas son limitadas.',
      de: 'Sehen Sie unsere nächste Ausstellung als Erste, mit Begrüßungsgetränk und einem kurzen Vortrag des Kurators. Dieser Abend ist den Freunden des Museums vorbehalten. Die Tickets sind kostenlos, die Plätze aber begrenzt.',
      fr: 'Découvrez avant tout le monde notre prochaine exposition, avec un verre de bienvenue et une courte présentation du conservateur. Cette soirée est réservée aux Amis du musée. Les billets sont gratuits mais les places limitées.',
    },
  },
  'school-visit': {
    title: {
      en: 'School visit',
      nl: 'Schoolbezoek',
      es: 'Visita escolar',
      de: 'Schulbesuch',
      fr: 'Visite scolaire',
    },
    description: {
      en: 'A two-hour programme for classes, with a workshop in our studio and a tour adapted to the pupils’ age. Teachers receive preparation material after booking. Bookable by registered schools only.',
      nl: 'Een programma van twee uur voor klassen, met een workshop in ons atelier en een rondleiding op maat van de leeftijd van de leerlingen. Leerkrachten krijgen na het boeken lesmateriaal ter voorbereiding. Alleen te boeken door geregistreerde scholen.',
      es: 'Un programa de dos horas para grupos escolares, con un taller en nuestro estudio y una visita adaptada a la edad del alumnado. El profesorado recibe material de preparación tras la reserva. Solo pueden reservar los centros registrados.',
      de: 'Ein zweistündiges Programm für Schulklassen mit einem Workshop in unserem Atelier und einer altersgerechten Führung. Lehrkräfte erhalten nach der Buchung Material zur Vorbereitung. Nur für registrierte Schulen buchbar.',
      fr: 'Un programme de deux heures pour les classes, avec un atelier dans notre studio et une visite adaptée à l’âge des élèves. Les enseignants reçoivent du matériel de préparation après la réservation. Réservable uniquement par les écoles inscrites.',
    },
  },
  'winter-festival': {
    title: {
      en: 'Winter light festival',
      nl: 'Winterlichtfestival',
      es: 'Festival de luces de invierno',
      de: 'Winterlichterfest',
      fr: 'Festival des lumières d’hiver',
    },
    description: {
      en: 'Lantern walks, projections on the façade and hot chocolate in the courtyard. The programme is still being prepared. Tickets go on sale soon.',
      nl: 'Lampionnentochten, projecties op de gevel en warme chocolademelk op de binnenplaats. Het programma wordt nog voorbereid. De kaartverkoop start binnenkort.',
      es: 'Paseos con farolillos, proyecciones en la fachada y chocolate caliente en el patio. El programa aún se está preparando. Las entradas saldrán pronto a la venta.',
      de: 'Laternenumzüge, Projektionen auf der Fassade und heiße Schokolade im Innenhof. Das Programm wird noch vorbereitet. Der Vorverkauf beginnt bald.',
      fr: 'Promenades aux lanternes, projections sur la façade et chocolat chaud dans la cour. Le programme est encore en préparation. La billetterie ouvrira bientôt.',
    },
  },
} satisfies Record<string, ProductTexts>;

export type ProductKey = keyof typeof productTexts;
