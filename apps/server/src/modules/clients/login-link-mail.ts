import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { mailLink } from '../../mail/mail-link.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface LoginLinkTexts {
  subject: (shop: string) => string;
  greeting: (name: string) => string;
  body: (minutes: number) => string;
  ignore: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, LoginLinkTexts> = {
  en: {
    subject: (shop) => `Your login link for ${shop}`,
    greeting: (name) => `Dear ${name},`,
    body: (minutes) => `Use this link to log in. It works once, within ${minutes} minutes:`,
    ignore: 'Did you not ask for it? Then ignore this e-mail: nobody can log in without the link.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop) => `Je inloglink voor ${shop}`,
    greeting: (name) => `Beste ${name},`,
    body: (minutes) => `Log in met deze link. Hij werkt één keer, binnen ${minutes} minuten:`,
    ignore: 'Heb je hier niet om gevraagd? Negeer deze e-mail dan: zonder de link kan niemand inloggen.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    subject: (shop) => `Ihr Anmeldelink für ${shop}`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (minutes) =>
      `Mit diesem Link melden Sie sich an. Er gilt einmal, innerhalb von ${minutes} Minuten:`,
    ignore:
      'Haben Sie ihn nicht angefordert? Dann ignorieren Sie diese E-Mail: ohne den Link kann sich niemand anmelden.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  es: {
    subject: (shop) => `Tu enlace de acceso a ${shop}`,
    greeting: (name) => `Hola, ${name}:`,
    body: (minutes) =>
      `Usa este enlace para iniciar sesión. Funciona una sola vez, durante ${minutes} minutos:`,
    ignore: '¿No lo has pedido? Ignora este correo: nadie puede entrar sin el enlace.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    subject: (shop) => `Votre lien de connexion à ${shop}`,
    greeting: (name) => `Bonjour ${name},`,
    body: (minutes) =>
      `Utilisez ce lien pour vous connecter. Il fonctionne une fois, pendant ${minutes} minutes :`,
    ignore: "Vous ne l'avez pas demandé ? Ignorez cet e-mail : personne ne peut se connecter sans le lien.",
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * The LOGIN_LINK mail (decision 0120). The payload carries the link itself:
 * its token is single-use, expires within the hour and is stored elsewhere
 * only as a hash, and the job row is as private as the mail it becomes.
 */
export const loginLinkMailKind = defineMailKind({
  name: 'LOGIN_LINK',
  payload: z.object({
    to: z.object({ name: z.string(), address: z.string() }),
    shop: z.string(),
    url: z.string().max(4000),
    minutes: z.number().int().positive(),
    language: z.string(),
  }),
  render: async (_context, payload): Promise<MailMessage> => {
    const texts = TEXTS[normaliseLanguage(payload.language) ?? 'en'];
    return {
      language: payload.language,
      to: payload.to,
      subject: texts.subject(payload.shop),
      text: [
        texts.greeting(payload.to.name),
        '',
        texts.body(payload.minutes),
        mailLink(payload.url, payload.language),
        '',
        texts.ignore,
        '',
        texts.closing(payload.shop),
      ].join('\n'),
    };
  },
});
