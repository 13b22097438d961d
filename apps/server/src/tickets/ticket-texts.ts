import { normaliseLanguage, type Language } from '../lib/language.ts';

/** The words on a ticket and in its e-mail, in the order's language. */
export interface TicketTexts {
  ticket: string;
  order: string;
  date: string;
  time: string;
  audience: string;
  ticketOf: (index: number, total: number) => string;
  subject: (shop: string, orderReference: string) => string;
  greeting: (name: string) => string;
  body: string;
  /** The rebooking link's paragraph (decision 0040). */
  rebook: (url: string) => string;
  /** The self-service cancellation link's paragraph (decision 0259). */
  cancel: (url: string) => string;
  closing: (shop: string) => string;
  /** The extras bought for the whole order, on its first ticket (decision 0185). */
  includes: string;
  venue: string;
}

const TEXTS: Record<Language, TicketTexts> = {
  en: {
    ticket: 'Ticket',
    order: 'Order',
    date: 'Date',
    time: 'Time',
    audience: 'Type',
    ticketOf: (index, total) => `Ticket ${index} of ${total}`,
    subject: (shop, number) => `Your tickets from ${shop} (order ${number})`,
    greeting: (name) => `Dear ${name},`,
    body: 'Thank you for your order. Your tickets are attached as a PDF: show the QR code at the entrance, on paper or on your phone.',
    rebook: (url) => `Would you rather come at another time? Change your booking here: ${url}`,
    cancel: (url) => `Cannot come after all? Cancel tickets here, by the cancellation terms: ${url}`,
    closing: (shop) => `Kind regards,\n${shop}`,
    includes: 'Includes, for the whole order',
    venue: 'Venue',
  },
  nl: {
    ticket: 'Ticket',
    order: 'Bestelling',
    date: 'Datum',
    time: 'Tijd',
    audience: 'Soort',
    ticketOf: (index, total) => `Ticket ${index} van ${total}`,
    subject: (shop, number) => `Je tickets van ${shop} (bestelling ${number})`,
    greeting: (name) => `Beste ${name},`,
    body: 'Bedankt voor je bestelling. Je tickets zitten als pdf in de bijlage: laat de QR-code zien bij de ingang, op papier of op je telefoon.',
    rebook: (url) => `Kom je liever op een ander moment? Wijzig je boeking hier: ${url}`,
    cancel: (url) =>
      `Kun je toch niet komen? Annuleer hier tickets, volgens de annuleringsvoorwaarden: ${url}`,
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
    includes: 'Inclusief, voor de hele bestelling',
    venue: 'Locatie',
  },
  es: {
    ticket: 'Entrada',
    order: 'Pedido',
    date: 'Fecha',
    time: 'Hora',
    audience: 'Tipo',
    ticketOf: (index, total) => `Entrada ${index} de ${total}`,
    subject: (shop, number) => `Tus entradas de ${shop} (pedido ${number})`,
    greeting: (name) => `Hola, ${name}:`,
    body: 'Gracias por tu pedido. Tus entradas van adjuntas en PDF: muestra el código QR en la entrada, impreso o en el móvil.',
    rebook: (url) => `¿Prefieres venir en otro momento? Cambia tu reserva aquí: ${url}`,
    cancel: (url) =>
      `¿Al final no puedes venir? Cancela entradas aquí, según las condiciones de cancelación: ${url}`,
    closing: (shop) => `Un saludo,\n${shop}`,
    includes: 'Incluye, para todo el pedido',
    venue: 'Lugar',
  },
  de: {
    ticket: 'Ticket',
    order: 'Bestellung',
    date: 'Datum',
    time: 'Uhrzeit',
    audience: 'Art',
    ticketOf: (index, total) => `Ticket ${index} von ${total}`,
    subject: (shop, number) => `Ihre Tickets von ${shop} (Bestellung ${number})`,
    greeting: (name) => `Guten Tag ${name},`,
    body: 'Vielen Dank für Ihre Bestellung. Ihre Tickets hängen als PDF an: Zeigen Sie den QR-Code am Eingang vor, ausgedruckt oder auf dem Handy.',
    rebook: (url) =>
      `Möchten Sie lieber zu einem anderen Termin kommen? Hier können Sie Ihre Buchung ändern: ${url}`,
    cancel: (url) =>
      `Können Sie doch nicht kommen? Hier stornieren Sie Tickets nach den Stornobedingungen: ${url}`,
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
    includes: 'Inklusive, für die ganze Bestellung',
    venue: 'Ort',
  },
  fr: {
    ticket: 'Billet',
    order: 'Commande',
    date: 'Date',
    time: 'Heure',
    audience: 'Type',
    ticketOf: (index, total) => `Billet ${index} sur ${total}`,
    subject: (shop, number) => `Vos billets de ${shop} (commande ${number})`,
    greeting: (name) => `Bonjour ${name},`,
    body: "Merci pour votre commande. Vos billets sont joints en PDF : présentez le code QR à l'entrée, imprimé ou sur votre téléphone.",
    rebook: (url) => `Vous préférez venir à un autre moment ? Modifiez votre réservation ici : ${url}`,
    cancel: (url) =>
      `Vous ne pouvez finalement pas venir ? Annulez des billets ici, selon les conditions d'annulation : ${url}`,
    closing: (shop) => `Cordialement,\n${shop}`,
    includes: 'Comprend, pour toute la commande',
    venue: 'Lieu',
  },
};

export function ticketTexts(language: string): TicketTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
