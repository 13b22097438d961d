import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface WithdrawalTexts {
  subject: (number: string) => string;
  greeting: (name: string) => string;
  intro: (number: string, when: string) => string;
  withdrawn: string;
  refund: (amount: string) => string;
  nothing: string;
  ended: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, WithdrawalTexts> = {
  en: {
    subject: (number) => `You have withdrawn from order ${number}`,
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    intro: (number, when) => `We received your withdrawal from order ${number} on ${when}.`,
    withdrawn: 'Withdrawn from:',
    refund: (amount) =>
      `${amount} is refunded to the way you paid. It can take a few days to show on your account.`,
    nothing: 'Nothing was paid online for this, so nothing is refunded.',
    ended: 'The voucher codes and passes of this order are no longer valid.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (number) => `Je hebt je bestelling ${number} herroepen`,
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    intro: (number, when) => `We hebben je herroeping van bestelling ${number} ontvangen op ${when}.`,
    withdrawn: 'Herroepen:',
    refund: (amount) =>
      `${amount} wordt terugbetaald op de manier waarop je hebt betaald. Het kan een paar dagen duren voor je het op je rekening ziet.`,
    nothing: 'Hiervoor is niets online betaald, dus er wordt niets terugbetaald.',
    ended: 'De cadeaubonnen en passen van deze bestelling zijn niet meer geldig.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    subject: (number) => `Sie haben die Bestellung ${number} widerrufen`,
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    intro: (number, when) => `Wir haben Ihren Widerruf der Bestellung ${number} am ${when} erhalten.`,
    withdrawn: 'Widerrufen:',
    refund: (amount) =>
      `${amount} werden auf dem Weg erstattet, auf dem Sie bezahlt haben. Es kann einige Tage dauern, bis Sie den Betrag auf Ihrem Konto sehen.`,
    nothing: 'Hierfür wurde nichts online bezahlt, daher wird nichts erstattet.',
    ended: 'Die Gutscheincodes und Pässe dieser Bestellung sind nicht mehr gültig.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  es: {
    subject: (number) => `Has desistido del pedido ${number}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: (number, when) => `Hemos recibido tu desistimiento del pedido ${number} el ${when}.`,
    withdrawn: 'Desistimiento de:',
    refund: (amount) =>
      `Te devolvemos ${amount} por el mismo medio con el que pagaste. Puede tardar unos días en aparecer en tu cuenta.`,
    nothing: 'No se pagó nada en línea por esto, así que no hay nada que reembolsar.',
    ended: 'Los códigos de vale y los pases de este pedido ya no son válidos.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    subject: (number) => `Vous vous êtes rétracté de la commande ${number}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (number, when) => `Nous avons reçu votre rétractation de la commande ${number} le ${when}.`,
    withdrawn: 'Rétractation de :',
    refund: (amount) =>
      `${amount} vous sont remboursés par le moyen de paiement utilisé. Le montant peut mettre quelques jours à apparaître sur votre compte.`,
    nothing: "Rien n'a été payé en ligne pour cela, il n'y a donc rien à rembourser.",
    ended: 'Les codes de bon et les pass de cette commande ne sont plus valables.',
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/** The moment of the withdrawal as the shop's clock showed it, with its zone: "27 November 2026, 10:15 CET". */
export function withdrawalMoment(at: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * ORDER_WITHDRAWN (decision 0254): the acknowledgement of a withdrawal on a
 * durable medium, in the order's language: what was withdrawn from, the
 * date and time in the shop's time zone, and the refund.
 */
export const withdrawalMailKind = defineMailKind({
  name: 'ORDER_WITHDRAWN',
  payload: z.object({
    to: z.object({ name: z.string(), address: z.string() }),
    shop: z.string(),
    language: z.string(),
    orderNumber: z.string(),
    items: z.array(z.string()).max(200),
    amountCents: z.number().int().min(0),
    currency: z.string(),
    withdrawnAt: z.string(),
    timeZone: z.string(),
  }),
  render: async (_context, payload): Promise<MailMessage> => {
    const language = normaliseLanguage(payload.language) ?? 'en';
    const texts = TEXTS[language];
    const amount = new Intl.NumberFormat(language, { style: 'currency', currency: payload.currency }).format(
      payload.amountCents / 100,
    );
    const when = withdrawalMoment(new Date(payload.withdrawnAt), language, payload.timeZone);
    return {
      language,
      to: payload.to,
      subject: texts.subject(payload.orderNumber),
      text: [
        texts.greeting(payload.to.name),
        '',
        texts.intro(payload.orderNumber, when),
        '',
        texts.withdrawn,
        ...payload.items.map((item) => `- ${item}`),
        '',
        payload.amountCents > 0 ? texts.refund(amount) : texts.nothing,
        texts.ended,
        '',
        texts.closing(payload.shop),
      ].join('\n'),
    };
  },
});
