import type { Translations } from '../translations.ts';

/** The demo FAQ, in display order. */
export const faqTexts: { question: Translations; answer: Translations }[] = [
  {
    question: {
      en: 'When is the museum open?',
      nl: 'Wanneer is het museum open?',
      es: '¿Cuándo abre el museo?',
      de: 'Wann ist das Museum geöffnet?',
      fr: 'Quand le musée est-il ouvert ?',
    },
    answer: {
      en: 'We are open Tuesday to Sunday from 10:00 to 17:00. On Mondays the museum is closed, except on public holidays.',
      nl: 'We zijn open van dinsdag tot en met zondag van 10.00 tot 17.00 uur. Op maandag is het museum gesloten, behalve op feestdagen.',
      es: 'Abrimos de martes a domingo de 10:00 a 17:00. Los lunes el museo está cerrado, salvo en festivos.',
      de: 'Wir haben dienstags bis sonntags von 10:00 bis 17:00 Uhr geöffnet. Montags ist das Museum geschlossen, außer an Feiertagen.',
      fr: 'Nous sommes ouverts du mardi au dimanche de 10 h à 17 h. Le musée est fermé le lundi, sauf les jours fériés.',
    },
  },
  {
    question: {
      en: 'Do I need to book a time slot?',
      nl: 'Moet ik een tijdslot boeken?',
      es: '¿Tengo que reservar una franja horaria?',
      de: 'Muss ich ein Zeitfenster buchen?',
      fr: 'Dois-je réserver un créneau horaire ?',
    },
    answer: {
      en: 'Only for the temporary exhibition, the guided tours and the escape room. A museum admission ticket is valid all day on the date you choose.',
      nl: 'Alleen voor de tijdelijke tentoonstelling, de rondleidingen en de escaperoom. Een toegangsticket voor het museum is de hele dag geldig op de datum die je kiest.',
      es: 'Solo para la exposición temporal, las visitas guiadas y el escape room. La entrada al museo vale todo el día en la fecha que elijas.',
      de: 'Nur für die Sonderausstellung, die Führungen und den Escape Room. Ein Museumsticket gilt den ganzen Tag an dem gewählten Datum.',
      fr: 'Uniquement pour l’exposition temporaire, les visites guidées et l’escape game. Un billet d’entrée au musée est valable toute la journée à la date choisie.',
    },
  },
  {
    question: {
      en: 'Can I change the date of my visit?',
      nl: 'Kan ik de datum van mijn bezoek wijzigen?',
      es: '¿Puedo cambiar la fecha de mi visita?',
      de: 'Kann ich das Datum meines Besuchs ändern?',
      fr: 'Puis-je changer la date de ma visite ?',
    },
    answer: {
      en: 'Yes. Use the rebooking link in your confirmation e-mail, or the rebook card on this page with your order number and e-mail address. A small rebooking fee applies.',
      nl: 'Ja. Gebruik de omboeklink in je bevestigingsmail, of de omboekkaart op deze pagina met je ordernummer en e-mailadres. Er geldt een kleine vergoeding voor het omboeken.',
      es: 'Sí. Usa el enlace de cambio de tu correo de confirmación o la tarjeta de cambio de esta página con tu número de pedido y tu correo electrónico. Se aplica un pequeño cargo.',
      de: 'Ja. Nutzen Sie den Umbuchungslink in Ihrer Bestätigungsmail oder die Umbuchungskarte auf dieser Seite mit Bestellnummer und E-Mail-Adresse. Es fällt eine kleine Umbuchungsgebühr an.',
      fr: 'Oui. Utilisez le lien de modification de votre e-mail de confirmation, ou la carte de modification sur cette page avec votre numéro de commande et votre e-mail. De petits frais s’appliquent.',
    },
  },
  {
    question: {
      en: 'Is the museum accessible for wheelchair users?',
      nl: 'Is het museum toegankelijk voor rolstoelgebruikers?',
      es: '¿El museo es accesible en silla de ruedas?',
      de: 'Ist das Museum barrierefrei für Rollstuhlfahrer?',
      fr: 'Le musée est-il accessible en fauteuil roulant ?',
    },
    answer: {
      en: 'All galleries can be reached by lift and there are accessible toilets on every floor. You can borrow a wheelchair at the cloakroom free of charge. A companion visits for free.',
      nl: 'Alle zalen zijn met de lift bereikbaar en op elke verdieping zijn aangepaste toiletten. Bij de garderobe kun je gratis een rolstoel lenen. Een begeleider komt gratis binnen.',
      es: 'Todas las salas son accesibles en ascensor y hay aseos adaptados en cada planta. Puedes pedir una silla de ruedas gratis en el guardarropa. El acompañante entra gratis.',
      de: 'Alle Säle sind mit dem Aufzug erreichbar, auf jeder Etage gibt es barrierefreie Toiletten. An der Garderobe können Sie kostenlos einen Rollstuhl leihen. Eine Begleitperson hat freien Eintritt.',
      fr: 'Toutes les salles sont accessibles par ascenseur et chaque étage dispose de toilettes adaptées. Vous pouvez emprunter gratuitement un fauteuil roulant au vestiaire. L’accompagnateur entre gratuitement.',
    },
  },
  {
    question: {
      en: 'How do I use a gift card?',
      nl: 'Hoe gebruik ik een cadeaukaart?',
      es: '¿Cómo uso una tarjeta regalo?',
      de: 'Wie löse ich eine Geschenkkarte ein?',
      fr: 'Comment utiliser une carte cadeau ?',
    },
    answer: {
      en: 'Enter the code at checkout under “Redeem a code”. Any remaining credit stays on the card, and you can check the balance on the voucher check page.',
      nl: 'Vul de code bij het afrekenen in onder “Code inwisselen”. Het resterende tegoed blijft op de kaart staan en je kunt het saldo bekijken op de pagina om je bon te controleren.',
      es: 'Introduce el código al pagar en «Canjear un código». El saldo restante se queda en la tarjeta y puedes consultarlo en la página de comprobación de bonos.',
      de: 'Geben Sie den Code an der Kasse unter „Code einlösen“ ein. Restguthaben bleibt auf der Karte; den Stand sehen Sie auf der Seite zur Gutscheinprüfung.',
      fr: 'Saisissez le code au paiement sous « Utiliser un code ». Le crédit restant reste sur la carte et vous pouvez consulter le solde sur la page de vérification des bons.',
    },
  },
  {
    question: {
      en: 'Can I get a refund?',
      nl: 'Kan ik mijn geld terugkrijgen?',
      es: '¿Puedo obtener un reembolso?',
      de: 'Kann ich mein Geld zurückbekommen?',
      fr: 'Puis-je être remboursé ?',
    },
    answer: {
      en: 'Tickets can be cancelled free of charge up to 48 hours before your visit. Send us a refund request with your order number and we will reply within two working days.',
      nl: 'Tickets kun je tot 48 uur voor je bezoek kosteloos annuleren. Stuur ons een terugbetalingsverzoek met je ordernummer; we antwoorden binnen twee werkdagen.',
      es: 'Las entradas se pueden cancelar gratis hasta 48 horas antes de la visita. Envíanos una solicitud de reembolso con tu número de pedido y responderemos en dos días laborables.',
      de: 'Tickets können bis 48 Stunden vor dem Besuch kostenlos storniert werden. Senden Sie uns einen Erstattungsantrag mit Ihrer Bestellnummer; wir antworten innerhalb von zwei Werktagen.',
      fr: 'Les billets sont annulables gratuitement jusqu’à 48 heures avant la visite. Envoyez-nous une demande de remboursement avec votre numéro de commande ; nous répondons sous deux jours ouvrés.',
    },
  },
  {
    question: {
      en: 'May I bring a bag or a pushchair?',
      nl: 'Mag ik een tas of kinderwagen meenemen?',
      es: '¿Puedo entrar con bolso o cochecito?',
      de: 'Darf ich eine Tasche oder einen Kinderwagen mitbringen?',
      fr: 'Puis-je venir avec un sac ou une poussette ?',
    },
    answer: {
      en: 'Small bags are welcome. Backpacks and large bags go into the free lockers. Pushchairs are allowed everywhere, and baby carriers can be borrowed at the entrance.',
      nl: 'Kleine tassen zijn welkom. Rugzakken en grote tassen gaan in de gratis kluisjes. Kinderwagens mogen overal mee naartoe en bij de ingang kun je een draagzak lenen.',
      es: 'Los bolsos pequeños son bienvenidos. Las mochilas y bolsas grandes van a las taquillas gratuitas. Los cochecitos pueden pasar a todas partes y en la entrada se prestan mochilas portabebés.',
      de: 'Kleine Taschen sind willkommen. Rucksäcke und große Taschen kommen in die kostenlosen Schließfächer. Kinderwagen sind überall erlaubt, Babytragen können Sie am Eingang ausleihen.',
      fr: 'Les petits sacs sont les bienvenus. Les sacs à dos et grands sacs vont dans les consignes gratuites. Les poussettes sont admises partout et des porte-bébés sont prêtés à l’entrée.',
    },
  },
];
