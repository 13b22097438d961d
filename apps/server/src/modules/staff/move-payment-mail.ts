import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface MovePaymentTexts {
  subject: (orderNumber: string, shop: string) => string;
  greeting: (name: string) => string;
  body: (orderNumber: string, when: string) => string;
  pay: (amount: string) => string;
  until: (until: string) => string;
  unpaid: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, MovePaymentTexts> = {
  en: {
    subject: (number, shop) => `Your booking ${number} at ${shop}: pay the difference to move it`,
    greeting: (name) => `Hello ${name},`,
    body: (number, when) => `As agreed, we are moving your booking ${number} to ${when}.`,
    pay: (amount) => `The new time costs ${amount} more. Pay the difference here:`,
    until: (until) => `The new places are held for you until ${until}.`,
    unpaid: 'Until you pay, your booking stays as it is, and your tickets stay valid.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (number, shop) => `Je boeking ${number} bij ${shop}: betaal het verschil om te verplaatsen`,
    greeting: (name) => `Hallo ${name},`,
    body: (number, when) => `Zoals afgesproken verplaatsen we je boeking ${number} naar ${when}.`,
    pay: (amount) => `Het nieuwe tijdstip kost ${amount} meer. Betaal het verschil hier:`,
    until: (until) => `De nieuwe plaatsen houden we voor je vast tot ${until}.`,
    unpaid: 'Zolang je niet betaalt, blijft je boeking zoals ze is en blijven je tickets geldig.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  es: {
    subject: (number, shop) => `Tu reserva ${number} en ${shop}: paga la diferencia para cambiarla`,
    greeting: (name) => `Hola, ${name}:`,
    body: (number, when) => `Como acordamos, cambiamos tu reserva ${number} a ${when}.`,
    pay: (amount) => `La nueva hora cuesta ${amount} más. Paga la diferencia aquí:`,
    until: (until) => `Guardamos las nuevas plazas para ti hasta el ${until}.`,
    unpaid: 'Mientras no pagues, tu reserva sigue como está y tus entradas siguen siendo válidas.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  de: {
    subject: (number, shop) =>
      `Ihre Buchung ${number} bei ${shop}: Zahlen Sie den Unterschied, um sie zu verlegen`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (number, when) => `wie vereinbart verlegen wir Ihre Buchung ${number} auf ${when}.`,
    pay: (amount) => `Der neue Termin kostet ${amount} mehr. Bitte zahlen Sie den Unterschied hier:`,
    until: (until) => `Die neuen Plätze halten wir für Sie bis ${until} frei.`,
    unpaid: 'Solange Sie nicht zahlen, bleibt Ihre Buchung, wie sie ist, und Ihre Tickets bleiben gültig.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  fr: {
    subject: (number, shop) =>
      `Votre réservation ${number} chez ${shop} : payez la différence pour la déplacer`,
    greeting: (name) => `Bonjour ${name},`,
    body: (number, when) => `Comme convenu, nous déplaçons votre réservation ${number} au ${when}.`,
    pay: (amount) => `Le nouveau créneau coûte ${amount} de plus. Payez la différence ici :`,
    until: (until) => `Les nouvelles places vous sont réservées jusqu'au ${until}.`,
    unpaid:
      "Tant que vous n'avez pas payé, votre réservation reste inchangée et vos billets restent valables.",
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * ORDER_MOVE_PAYMENT: staff moved a booking to a dearer time (decision
 * 0247); the visitor pays the difference from the link, and until then the
 * booking stays where it was. In the order's language.
 */
export const movePaymentMailKind = defineMailKind({
  name: 'ORDER_MOVE_PAYMENT',
  payload: z.object({
    to: z.string(),
    name: z.string(),
    shop: z.object({ name: z.string(), email: z.string().nullable() }),
    orderNumber: z.string(),
    /** The new date and time as the visitor reads it. */
    when: z.string(),
    /** The difference, formatted with its currency. */
    amount: z.string(),
    /** Until when the new places are held, as the visitor reads it. */
    until: z.string(),
    link: z.string(),
    language: z.string(),
  }),
  render: async (_context, payload): Promise<MailMessage> => {
    const texts = TEXTS[normaliseLanguage(payload.language) ?? 'en'];
    return {
      language: payload.language,
      to: { address: payload.to },
      ...(payload.shop.email ? { replyTo: { name: payload.shop.name, address: payload.shop.email } } : {}),
      subject: texts.subject(payload.orderNumber, payload.shop.name),
      text: [
        texts.greeting(payload.name),
        '',
        texts.body(payload.orderNumber, payload.when),
        texts.pay(payload.amount),
        payload.link,
        '',
        texts.until(payload.until),
        texts.unpaid,
        '',
        texts.closing(payload.shop.name),
      ].join('\n'),
    };
  },
});
