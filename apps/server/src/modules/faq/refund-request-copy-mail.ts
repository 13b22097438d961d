import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface CopyTexts {
  subject: (orderNumber: string, shop: string) => string;
  greeting: string;
  body: (orderNumber: string) => string;
  reply: string;
  notYou: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, CopyTexts> = {
  en: {
    subject: (number, shop) => `Your request about order ${number} at ${shop}`,
    greeting: 'Hello,',
    body: (number) =>
      `We have received your cancellation or refund request for order ${number}. We will answer you by e-mail.`,
    reply: 'Want to add something? Reply to this e-mail.',
    notYou:
      'Did you not send this request? Then reply to let us know; nothing changes to any order until we answer.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (number, shop) => `Je verzoek over bestelling ${number} bij ${shop}`,
    greeting: 'Hallo,',
    body: (number) =>
      `We hebben je verzoek om annulering of terugbetaling voor bestelling ${number} ontvangen. We antwoorden je per e-mail.`,
    reply: 'Wil je iets toevoegen? Beantwoord dan deze e-mail.',
    notYou:
      'Heb je dit verzoek niet verstuurd? Laat het ons weten door te antwoorden; aan geen enkele bestelling verandert iets voordat wij antwoorden.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  es: {
    subject: (number, shop) => `Tu solicitud sobre el pedido ${number} en ${shop}`,
    greeting: 'Hola:',
    body: (number) =>
      `Hemos recibido tu solicitud de cancelación o reembolso del pedido ${number}. Te responderemos por correo electrónico.`,
    reply: '¿Quieres añadir algo? Responde a este correo.',
    notYou:
      '¿No has enviado tú esta solicitud? Respóndenos para avisarnos; ningún pedido cambia hasta que te respondamos.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  de: {
    subject: (number, shop) => `Ihre Anfrage zur Bestellung ${number} bei ${shop}`,
    greeting: 'Guten Tag,',
    body: (number) =>
      `wir haben Ihre Stornierungs- oder Erstattungsanfrage zur Bestellung ${number} erhalten. Wir antworten Ihnen per E-Mail.`,
    reply: 'Möchten Sie etwas ergänzen? Antworten Sie einfach auf diese E-Mail.',
    notYou:
      'Haben Sie diese Anfrage nicht gesendet? Dann antworten Sie uns bitte; an keiner Bestellung ändert sich etwas, bevor wir antworten.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  fr: {
    subject: (number, shop) => `Votre demande concernant la commande ${number} chez ${shop}`,
    greeting: 'Bonjour,',
    body: (number) =>
      `Nous avons bien reçu votre demande d'annulation ou de remboursement pour la commande ${number}. Nous vous répondrons par e-mail.`,
    reply: 'Vous souhaitez ajouter quelque chose ? Répondez à cet e-mail.',
    notYou:
      "Vous n'avez pas envoyé cette demande ? Répondez-nous pour nous le signaler ; aucune commande ne change avant notre réponse.",
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * REFUND_REQUEST_RECEIVED: the visitor's confirmation of a refund request,
 * in the language they used the shop in. The address is whatever was typed,
 * so the mail carries only what the shop wrote and the checked order number:
 * never the names or the comment (decision 0195).
 */
export const refundRequestCopyMailKind = defineMailKind({
  name: 'REFUND_REQUEST_RECEIVED',
  payload: z.object({
    to: z.string(),
    shop: z.object({ name: z.string(), email: z.string() }),
    /** The order number as the shop prints it (digits only, grouped when it is a reference). */
    orderNumber: z.string().regex(/^[\d ,.]{1,70}$/),
    language: z.string(),
  }),
  render: async (_context, payload): Promise<MailMessage> => {
    const texts = TEXTS[normaliseLanguage(payload.language) ?? 'en'];
    return {
      language: payload.language,
      to: { address: payload.to },
      replyTo: { name: payload.shop.name, address: payload.shop.email },
      subject: texts.subject(payload.orderNumber, payload.shop.name),
      text: [
        texts.greeting,
        '',
        texts.body(payload.orderNumber),
        '',
        texts.reply,
        texts.notYou,
        '',
        texts.closing(payload.shop.name),
      ].join('\n'),
    };
  },
});
