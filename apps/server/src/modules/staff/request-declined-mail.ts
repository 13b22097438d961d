import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface DeclinedTexts {
  subject: (orderNumber: string, shop: string) => string;
  greeting: (name: string) => string;
  body: (orderNumber: string) => string;
  reply: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, DeclinedTexts> = {
  en: {
    subject: (number, shop) => `Your request about order ${number} at ${shop}`,
    greeting: (name) => `Hello ${name},`,
    body: (number) =>
      `We have looked at your cancellation or refund request for order ${number} and cannot grant it:`,
    reply: 'Questions? Reply to this e-mail.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (number, shop) => `Je verzoek over bestelling ${number} bij ${shop}`,
    greeting: (name) => `Hallo ${name},`,
    body: (number) =>
      `We hebben je verzoek om annulering of terugbetaling voor bestelling ${number} bekeken en kunnen het niet toekennen:`,
    reply: 'Vragen? Beantwoord deze e-mail.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  es: {
    subject: (number, shop) => `Tu solicitud sobre el pedido ${number} en ${shop}`,
    greeting: (name) => `Hola, ${name}:`,
    body: (number) =>
      `Hemos revisado tu solicitud de cancelación o reembolso del pedido ${number} y no podemos concederla:`,
    reply: '¿Tienes preguntas? Responde a este correo.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  de: {
    subject: (number, shop) => `Ihre Anfrage zur Bestellung ${number} bei ${shop}`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (number) =>
      `wir haben Ihre Stornierungs- oder Erstattungsanfrage zur Bestellung ${number} geprüft und können ihr leider nicht entsprechen:`,
    reply: 'Fragen? Antworten Sie einfach auf diese E-Mail.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  fr: {
    subject: (number, shop) => `Votre demande concernant la commande ${number} chez ${shop}`,
    greeting: (name) => `Bonjour ${name},`,
    body: (number) =>
      `Nous avons examiné votre demande d'annulation ou de remboursement pour la commande ${number} et ne pouvons pas y donner suite :`,
    reply: 'Des questions ? Répondez à cet e-mail.',
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * REFUND_REQUEST_DECLINED: staff declined a request from the FAQ page
 * (decision 0239); the visitor reads the staff's message, in the language
 * they sent the request in.
 */
export const requestDeclinedMailKind = defineMailKind({
  name: 'REFUND_REQUEST_DECLINED',
  payload: z.object({
    to: z.string(),
    name: z.string(),
    shop: z.object({ name: z.string(), email: z.string().nullable() }),
    orderNumber: z.string(),
    message: z.string(),
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
        texts.body(payload.orderNumber),
        '',
        payload.message,
        '',
        texts.reply,
        '',
        texts.closing(payload.shop.name),
      ].join('\n'),
    };
  },
});
