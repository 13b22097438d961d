import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { creditNotes, invoices, organisations } from '../../db/schema.ts';
import { renderCreditNotePdf } from '../documents/document-pdf.ts';
import { normaliseLanguage, type Language } from '../../lib/language.ts';
import type { MailAttachment, MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind, type MailRenderContext } from '../../outbox/mail-kind.ts';

interface CancellationTexts {
  subject: (number: string, all: boolean) => string;
  greeting: (name: string) => string;
  intro: (number: string, all: boolean) => string;
  cancelled: string;
  original: (amount: string) => string;
  voucher: (amount: string, code: string) => string;
  none: string;
  nothing: string;
  note: (reason: string) => string;
  fee: (amount: string) => string;
  creditNote: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, CancellationTexts> = {
  en: {
    subject: (number, all) =>
      all ? `Your order ${number} is cancelled` : `Part of your order ${number} is cancelled`,
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    intro: (number, all) =>
      all ? `We have cancelled your order ${number}.` : `We have cancelled part of your order ${number}.`,
    cancelled: 'Cancelled:',
    original: (amount) =>
      `${amount} is refunded to the way you paid. It can take a few days to show on your account.`,
    voucher: (amount, code) => `You get a gift voucher of ${amount} instead. Your code: ${code}`,
    none: 'No money is refunded for this cancellation.',
    nothing: 'Nothing was paid online for this, so nothing is refunded.',
    note: (reason) => `Why: ${reason}`,
    fee: (amount) => `A cancellation fee of ${amount} is kept, as the product's cancellation terms say.`,
    creditNote: 'The credit note for this cancellation is attached.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (number, all) =>
      all ? `Je bestelling ${number} is geannuleerd` : `Een deel van je bestelling ${number} is geannuleerd`,
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    intro: (number, all) =>
      all
        ? `We hebben je bestelling ${number} geannuleerd.`
        : `We hebben een deel van je bestelling ${number} geannuleerd.`,
    cancelled: 'Geannuleerd:',
    original: (amount) =>
      `${amount} wordt terugbetaald op de manier waarop je hebt betaald. Het kan een paar dagen duren voor je het op je rekening ziet.`,
    voucher: (amount, code) => `Je krijgt in plaats daarvan een cadeaubon van ${amount}. Je code: ${code}`,
    none: 'Voor deze annulering wordt geen geld terugbetaald.',
    nothing: 'Hiervoor is niets online betaald, dus er wordt niets terugbetaald.',
    note: (reason) => `Waarom: ${reason}`,
    fee: (amount) =>
      `Volgens de annuleringsvoorwaarden van het product houden we ${amount} annuleringskosten in.`,
    creditNote: 'De creditnota voor deze annulering zit in de bijlage.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    subject: (number, all) =>
      all ? `Ihre Bestellung ${number} ist storniert` : `Ein Teil Ihrer Bestellung ${number} ist storniert`,
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    intro: (number, all) =>
      all
        ? `Wir haben Ihre Bestellung ${number} storniert.`
        : `Wir haben einen Teil Ihrer Bestellung ${number} storniert.`,
    cancelled: 'Storniert:',
    original: (amount) =>
      `${amount} werden auf dem Weg erstattet, auf dem Sie bezahlt haben. Es kann einige Tage dauern, bis Sie den Betrag auf Ihrem Konto sehen.`,
    voucher: (amount, code) => `Sie erhalten stattdessen einen Gutschein über ${amount}. Ihr Code: ${code}`,
    none: 'Für diese Stornierung wird kein Geld erstattet.',
    nothing: 'Hierfür wurde nichts online bezahlt, daher wird nichts erstattet.',
    note: (reason) => `Grund: ${reason}`,
    fee: (amount) =>
      `Gemäß den Stornobedingungen des Produkts behalten wir eine Stornogebühr von ${amount} ein.`,
    creditNote: 'Die Gutschrift zu dieser Stornierung finden Sie im Anhang.',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  es: {
    subject: (number, all) =>
      all ? `Tu pedido ${number} está cancelado` : `Parte de tu pedido ${number} está cancelada`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: (number, all) =>
      all ? `Hemos cancelado tu pedido ${number}.` : `Hemos cancelado parte de tu pedido ${number}.`,
    cancelled: 'Cancelado:',
    original: (amount) =>
      `Te devolvemos ${amount} por el mismo medio con el que pagaste. Puede tardar unos días en aparecer en tu cuenta.`,
    voucher: (amount, code) => `En su lugar recibes un vale regalo de ${amount}. Tu código: ${code}`,
    none: 'Esta cancelación no incluye ningún reembolso.',
    nothing: 'No se pagó nada en línea por esto, así que no hay nada que reembolsar.',
    note: (reason) => `Motivo: ${reason}`,
    fee: (amount) =>
      `Según las condiciones de cancelación del producto, se retiene un cargo de cancelación de ${amount}.`,
    creditNote: 'Adjuntamos la factura rectificativa de esta cancelación.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    subject: (number, all) =>
      all ? `Votre commande ${number} est annulée` : `Une partie de votre commande ${number} est annulée`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (number, all) =>
      all
        ? `Nous avons annulé votre commande ${number}.`
        : `Nous avons annulé une partie de votre commande ${number}.`,
    cancelled: 'Annulé :',
    original: (amount) =>
      `${amount} vous sont remboursés par le moyen de paiement utilisé. Le montant peut mettre quelques jours à apparaître sur votre compte.`,
    voucher: (amount, code) => `Vous recevez à la place un bon cadeau de ${amount}. Votre code : ${code}`,
    none: "Aucun remboursement n'est prévu pour cette annulation.",
    nothing: "Rien n'a été payé en ligne pour cela, il n'y a donc rien à rembourser.",
    note: (reason) => `Motif : ${reason}`,
    fee: (amount) =>
      `Conformément aux conditions d'annulation du produit, des frais d'annulation de ${amount} sont retenus.`,
    creditNote: "L'avoir correspondant à cette annulation est joint à ce message.",
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

/**
 * The ORDER_CANCELLED mail (decision 0236): to the visitor, in the order's
 * language, written in the cancelling transaction through the outbox. It
 * says what was cancelled (as the visitor bought it) and what comes back:
 * a refund the way they paid, a gift voucher with its code, or nothing.
 */
export const cancellationMailKind = defineMailKind({
  name: 'ORDER_CANCELLED',
  payload: z.object({
    to: z.object({ name: z.string(), address: z.string() }),
    shop: z.string(),
    language: z.string(),
    /** The order number as printed (decision 0104). */
    orderNumber: z.string(),
    /** The whole order is cancelled now. */
    all: z.boolean(),
    /** What was cancelled, one line each, in the order's language. */
    items: z.array(z.string()).max(200),
    method: z.enum(['original', 'voucher', 'none']),
    amountCents: z.number().int().min(0),
    currency: z.string(),
    voucherCode: z.string().nullable(),
    /** Why, told to the visitor (a slot the shop closed); absent for a counter cancellation. */
    note: z.string().max(500).nullable().optional(),
    /** A visitor's own cancellation (decision 0259): the policy's fee kept, and the voucher's value with its bonus. */
    feeCents: z.number().int().min(0).optional(),
    voucherCents: z.number().int().min(0).optional(),
    /** Attach the credit note issued with this refund (a visitor's own cancellation). */
    creditNoteOfRefund: z.number().int().optional(),
  }),
  render: async (context, payload): Promise<MailMessage> => {
    const language = normaliseLanguage(payload.language) ?? 'en';
    const texts = TEXTS[language];
    const format = (cents: number) =>
      new Intl.NumberFormat(language, { style: 'currency', currency: payload.currency }).format(cents / 100);
    const amount = format(payload.amountCents);
    const attachments =
      payload.creditNoteOfRefund === undefined
        ? []
        : await creditNoteAttachments(context, payload.creditNoteOfRefund);
    const money =
      payload.method === 'none'
        ? texts.none
        : payload.amountCents === 0
          ? texts.nothing
          : payload.method === 'voucher'
            ? texts.voucher(format(payload.voucherCents ?? payload.amountCents), payload.voucherCode ?? '')
            : texts.original(amount);
    return {
      to: payload.to,
      subject: texts.subject(payload.orderNumber, payload.all),
      text: [
        texts.greeting(payload.to.name),
        '',
        texts.intro(payload.orderNumber, payload.all),
        ...(payload.note ? [texts.note(payload.note)] : []),
        '',
        texts.cancelled,
        ...payload.items.map((item) => `- ${item}`),
        '',
        money,
        ...(payload.feeCents ? [texts.fee(format(payload.feeCents))] : []),
        ...(attachments.length > 0 ? ['', texts.creditNote] : []),
        '',
        texts.closing(payload.shop),
      ].join('\n'),
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  },
});

/** The credit note issued with a refund, as the PDF the order's page downloads (decision 0242); none when none was issued. */
async function creditNoteAttachments(
  context: MailRenderContext,
  refundId: number,
): Promise<MailAttachment[]> {
  const [note] = await context.db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
  if (!note) return [];
  const [invoice] = await context.db.select().from(invoices).where(eq(invoices.id, note.invoiceId));
  if (!invoice) return [];
  const [shop] = await context.db
    .select({ dateFormat: organisations.dateFormat })
    .from(organisations)
    .where(eq(organisations.id, note.organisationId));
  const pdf = await renderCreditNotePdf(note, invoice, shop?.dateFormat ?? 'DD-MM-YYYY');
  return [{ filename: `${note.number}.pdf`, content: pdf, contentType: 'application/pdf' }];
}
