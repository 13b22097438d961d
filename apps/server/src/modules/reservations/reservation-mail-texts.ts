import { normaliseLanguage, type Language } from '../../lib/language.ts';

/** The words of the reservation mails, in the order's language. */
export interface ReservationMailTexts {
  confirmedSubject: (shop: string, orderReference: string) => string;
  reminderSubject: (shop: string, orderReference: string) => string;
  greeting: (name: string) => string;
  confirmedBody: string;
  reminderBody: string;
  /** When the hold ends, already formatted in the shop's time zone. */
  heldUntil: (when: string) => string;
  link: (url: string) => string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, ReservationMailTexts> = {
  en: {
    confirmedSubject: (shop, number) => `Your reservation at ${shop} (reservation ${number})`,
    reminderSubject: (shop, number) =>
      `Reminder: your reservation at ${shop} expires soon (reservation ${number})`,
    greeting: (name) => `Dear ${name},`,
    confirmedBody: 'Thank you for your reservation. We are holding these places for you:',
    reminderBody: 'Your reservation has not been paid yet. We are still holding these places for you:',
    heldUntil: (when) => `Held until ${when}. After that the places are released.`,
    link: (url) => `View, change or pay your reservation here: ${url}`,
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    confirmedSubject: (shop, number) => `Je reservering bij ${shop} (reservering ${number})`,
    reminderSubject: (shop, number) =>
      `Herinnering: je reservering bij ${shop} verloopt binnenkort (reservering ${number})`,
    greeting: (name) => `Beste ${name},`,
    confirmedBody: 'Bedankt voor je reservering. We houden deze plaatsen voor je vast:',
    reminderBody: 'Je reservering is nog niet betaald. We houden deze plaatsen nog voor je vast:',
    heldUntil: (when) => `Vastgehouden tot ${when}. Daarna komen de plaatsen weer vrij.`,
    link: (url) => `Bekijk, wijzig of betaal je reservering hier: ${url}`,
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  es: {
    confirmedSubject: (shop, number) => `Tu reserva en ${shop} (reserva ${number})`,
    reminderSubject: (shop, number) =>
      `Recordatorio: tu reserva en ${shop} caduca pronto (reserva ${number})`,
    greeting: (name) => `Hola, ${name}:`,
    confirmedBody: 'Gracias por tu reserva. Te guardamos estas plazas:',
    reminderBody: 'Tu reserva aún no está pagada. Seguimos guardándote estas plazas:',
    heldUntil: (when) => `Reservadas hasta el ${when}. Después las plazas quedan libres.`,
    link: (url) => `Consulta, cambia o paga tu reserva aquí: ${url}`,
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  de: {
    confirmedSubject: (shop, number) => `Ihre Reservierung bei ${shop} (Reservierung ${number})`,
    reminderSubject: (shop, number) =>
      `Erinnerung: Ihre Reservierung bei ${shop} läuft bald ab (Reservierung ${number})`,
    greeting: (name) => `Guten Tag ${name},`,
    confirmedBody: 'Vielen Dank für Ihre Reservierung. Diese Plätze halten wir für Sie frei:',
    reminderBody: 'Ihre Reservierung ist noch nicht bezahlt. Diese Plätze halten wir noch für Sie frei:',
    heldUntil: (when) => `Reserviert bis ${when}. Danach werden die Plätze wieder freigegeben.`,
    link: (url) => `Hier können Sie Ihre Reservierung ansehen, ändern oder bezahlen: ${url}`,
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  fr: {
    confirmedSubject: (shop, number) => `Votre réservation chez ${shop} (réservation ${number})`,
    reminderSubject: (shop, number) =>
      `Rappel : votre réservation chez ${shop} expire bientôt (réservation ${number})`,
    greeting: (name) => `Bonjour ${name},`,
    confirmedBody: 'Merci pour votre réservation. Nous vous gardons ces places :',
    reminderBody: "Votre réservation n'est pas encore payée. Nous vous gardons encore ces places :",
    heldUntil: (when) => `Réservées jusqu'au ${when}. Ensuite, les places sont libérées.`,
    link: (url) => `Consultez, modifiez ou payez votre réservation ici : ${url}`,
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

export function reservationMailTexts(language: string): ReservationMailTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
