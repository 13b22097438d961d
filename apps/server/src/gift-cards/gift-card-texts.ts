import { normaliseLanguage, type Language } from '../lib/language.ts';

/** The words on a gift card and in its e-mail, in the buyer's language. */
export interface GiftCardTexts {
  giftCard: string;
  value: string;
  code: string;
  validUntil: (date: string) => string;
  noExpiry: string;
  howToRedeem: (shop: string) => string;
  subject: (shop: string, orderReference: string) => string;
  greeting: (name: string) => string;
  body: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, GiftCardTexts> = {
  en: {
    giftCard: 'Gift card',
    value: 'Value',
    code: 'Code',
    validUntil: (date) => `Valid until ${date}`,
    noExpiry: 'Does not expire',
    howToRedeem: (shop) =>
      `How to redeem: order in the online shop of ${shop}, choose "Redeem a coupon" at checkout and enter the code. Any credit left stays on the code.`,
    subject: (shop, number) => `Your gift cards from ${shop} (order ${number})`,
    greeting: (name) => `Dear ${name},`,
    body: 'Thank you for your order. Your gift cards are attached as a PDF, one page per code: print them or pass them on.',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    giftCard: 'Cadeaubon',
    value: 'Waarde',
    code: 'Code',
    validUntil: (date) => `Geldig tot en met ${date}`,
    noExpiry: 'Verloopt niet',
    howToRedeem: (shop) =>
      `Zo verzilver je de bon: bestel in de webwinkel van ${shop}, kies bij het afrekenen "Kortingscode gebruiken" en vul de code in. Wat overblijft, blijft op de code staan.`,
    subject: (shop, number) => `Je cadeaubonnen van ${shop} (bestelling ${number})`,
    greeting: (name) => `Beste ${name},`,
    body: 'Bedankt voor je bestelling. Je cadeaubonnen zitten als pdf in de bijlage, één pagina per code: print ze of geef ze door.',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    giftCard: 'Gutschein',
    value: 'Wert',
    code: 'Code',
    validUntil: (date) => `Gültig bis ${date}`,
    noExpiry: 'Läuft nicht ab',
    howToRedeem: (shop) =>
      `So lösen Sie ihn ein: Bestellen Sie im Onlineshop von ${shop}, wählen Sie an der Kasse „Gutscheincode einlösen“ und geben Sie den Code ein. Restguthaben bleibt auf dem Code.`,
    subject: (shop, number) => `Ihre Gutscheine von ${shop} (Bestellung ${number})`,
    greeting: (name) => `Hallo ${name},`,
    body: 'Vielen Dank für Ihre Bestellung. Ihre Gutscheine sind als PDF angehängt, eine Seite pro Code: Drucken Sie sie aus oder geben Sie sie weiter.',
    closing: (shop) => `Viele Grüße\n${shop}`,
  },
  es: {
    giftCard: 'Tarjeta regalo',
    value: 'Valor',
    code: 'Código',
    validUntil: (date) => `Válida hasta el ${date}`,
    noExpiry: 'No caduca',
    howToRedeem: (shop) =>
      `Cómo canjearla: haz tu pedido en la tienda online de ${shop}, elige «Canjear un cupón» al pagar e introduce el código. El saldo restante se queda en el código.`,
    subject: (shop, number) => `Tus tarjetas regalo de ${shop} (pedido ${number})`,
    greeting: (name) => `Hola, ${name}:`,
    body: 'Gracias por tu pedido. Tus tarjetas regalo van adjuntas en PDF, una página por código: imprímelas o regálalas.',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    giftCard: 'Carte cadeau',
    value: 'Valeur',
    code: 'Code',
    validUntil: (date) => `Valable jusqu’au ${date}`,
    noExpiry: 'N’expire pas',
    howToRedeem: (shop) =>
      `Pour l’utiliser : commandez dans la boutique en ligne de ${shop}, choisissez « Utiliser un code promo » au paiement et saisissez le code. Le solde restant reste sur le code.`,
    subject: (shop, number) => `Vos cartes cadeaux de ${shop} (commande ${number})`,
    greeting: (name) => `Bonjour ${name},`,
    body: 'Merci pour votre commande. Vos cartes cadeaux sont jointes en PDF, une page par code : imprimez-les ou offrez-les.',
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

export function giftCardTexts(language: string): GiftCardTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
