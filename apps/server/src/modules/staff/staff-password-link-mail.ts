import { z } from 'zod';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { mailLink } from '../../mail/mail-link.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';

interface PasswordLinkTexts {
  subject: (shop: string) => string;
  greeting: (name: string) => string;
  /** A new account: what it is for. */
  welcome: (shop: string) => string;
  /** An existing account: a manager asked for a new password. */
  reset: (shop: string) => string;
  login: (email: string) => string;
  body: (hours: number) => string;
  ignore: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, PasswordLinkTexts> = {
  en: {
    subject: (shop) => `Set your staff password for ${shop}`,
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    welcome: (shop) => `A staff account was made for you at ${shop}.`,
    reset: (shop) =>
      `A manager of ${shop} asked for a new password for your staff account. Your current password works until you set the new one.`,
    login: (email) => `You log in with your e-mail address: ${email}`,
    body: (hours) => `Set your password with this link. It works once, within ${hours} hours:`,
    ignore: 'Did you not expect this e-mail? Tell a manager of the shop.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop) => `Stel je medewerkerswachtwoord voor ${shop} in`,
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    welcome: (shop) => `Er is een medewerkersaccount voor je gemaakt bij ${shop}.`,
    reset: (shop) =>
      `Een manager van ${shop} heeft een nieuw wachtwoord voor je medewerkersaccount aangevraagd. Je huidige wachtwoord werkt tot je het nieuwe instelt.`,
    login: (email) => `Je logt in met je e-mailadres: ${email}`,
    body: (hours) => `Stel je wachtwoord in met deze link. Hij werkt één keer, binnen ${hours} uur:`,
    ignore: 'Had je deze e-mail niet verwacht? Laat het een manager van de winkel weten.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    subject: (shop) => `Legen Sie Ihr Mitarbeiterpasswort für ${shop} fest`,
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    welcome: (shop) => `Für Sie wurde ein Mitarbeiterkonto bei ${shop} angelegt.`,
    reset: (shop) =>
      `Eine Führungskraft von ${shop} hat ein neues Passwort für Ihr Mitarbeiterkonto angefordert. Ihr bisheriges Passwort gilt, bis Sie das neue festlegen.`,
    login: (email) => `Sie melden sich mit Ihrer E-Mail-Adresse an: ${email}`,
    body: (hours) =>
      `Legen Sie Ihr Passwort über diesen Link fest. Er gilt einmal, innerhalb von ${hours} Stunden:`,
    ignore: 'Haben Sie diese E-Mail nicht erwartet? Sagen Sie es einer Führungskraft des Geschäfts.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  es: {
    subject: (shop) => `Crea tu contraseña de personal de ${shop}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    welcome: (shop) => `Se ha creado una cuenta de personal para ti en ${shop}.`,
    reset: (shop) =>
      `Un responsable de ${shop} ha pedido una contraseña nueva para tu cuenta de personal. Tu contraseña actual sirve hasta que crees la nueva.`,
    login: (email) => `Inicias sesión con tu dirección de correo: ${email}`,
    body: (hours) => `Crea tu contraseña con este enlace. Funciona una sola vez, durante ${hours} horas:`,
    ignore: '¿No esperabas este correo? Díselo a un responsable de la tienda.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    subject: (shop) => `Choisissez votre mot de passe du personnel de ${shop}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    welcome: (shop) => `Un compte du personnel a été créé pour vous chez ${shop}.`,
    reset: (shop) =>
      `Un responsable de ${shop} a demandé un nouveau mot de passe pour votre compte du personnel. Votre mot de passe actuel reste valable jusqu'à ce que vous choisissiez le nouveau.`,
    login: (email) => `Vous vous connectez avec votre adresse e-mail : ${email}`,
    body: (hours) =>
      `Choisissez votre mot de passe avec ce lien. Il fonctionne une fois, pendant ${hours} heures :`,
    ignore: "Vous n'attendiez pas cet e-mail ? Prévenez un responsable de la boutique.",
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * The STAFF_PASSWORD_LINK mail (decision 0245): a staff member's single-use
 * link to set their password, for a new account or when a manager asks for
 * a new password. The payload carries the link: its token is stored elsewhere
 * only as a hash and expires, and the job row is as private as the mail.
 */
export const staffPasswordLinkMailKind = defineMailKind({
  name: 'STAFF_PASSWORD_LINK',
  payload: z.object({
    to: z.object({ name: z.string(), address: z.string() }),
    shop: z.string(),
    url: z.string().max(4000),
    hours: z.number().int().positive(),
    language: z.string(),
    /** A new account (welcome) or a new password for an existing one. */
    welcome: z.boolean(),
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
        payload.welcome ? texts.welcome(payload.shop) : texts.reset(payload.shop),
        texts.login(payload.to.address),
        '',
        texts.body(payload.hours),
        mailLink(payload.url, payload.language),
        '',
        texts.ignore,
        '',
        texts.closing(payload.shop),
      ].join('\n'),
    };
  },
});
