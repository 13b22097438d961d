import { normaliseLanguage, type Language } from '../../lib/language.ts';

/**
 * The words on a pass and in the passes mail, in the order's language. The
 * subscription's title stands on its own, quoted: no article or possessive
 * before it, whose gender the shop's title would have to match.
 */
export interface PassesTexts {
  pass: string;
  validUntil: string;
  type: string;
  passOf: (index: number, total: number) => string;
  subject: (shop: string, title: string, reference: string) => string;
  renewedSubject: (shop: string, title: string, reference: string) => string;
  greeting: (name: string) => string;
  body: (title: string, until: string) => string;
  renewedBody: (title: string, until: string) => string;
  attached: string;
  order: string;
  closing: (shop: string) => string;
}

const TEXTS: Record<Language, PassesTexts> = {
  en: {
    pass: 'Pass',
    validUntil: 'Valid until',
    type: 'Type',
    passOf: (index, total) => `Pass ${index} of ${total}`,
    subject: (shop, title, number) => `${title} from ${shop} (order ${number})`,
    renewedSubject: (shop, title, number) => `${title} from ${shop} renewed (order ${number})`,
    greeting: (name) => `Dear ${name},`,
    body: (title, until) => `Thank you for your order. “${title}” is valid until ${until}.`,
    renewedBody: (title, until) => `Thank you for renewing. “${title}” is now valid until ${until}.`,
    attached:
      'Your passes are attached as a PDF: show the QR code at the entrance, on paper or on your phone.',
    order: 'Order',
    closing: (shop) => `Kind regards,\n${shop}`,
  },
  nl: {
    pass: 'Pas',
    validUntil: 'Geldig tot',
    type: 'Soort',
    passOf: (index, total) => `Pas ${index} van ${total}`,
    subject: (shop, title, number) => `${title} van ${shop} (bestelling ${number})`,
    renewedSubject: (shop, title, number) => `${title} van ${shop} verlengd (bestelling ${number})`,
    greeting: (name) => `Beste ${name},`,
    body: (title, until) => `Bedankt voor je bestelling. ‘${title}’ is geldig tot ${until}.`,
    renewedBody: (title, until) => `Bedankt voor het verlengen. ‘${title}’ is nu geldig tot ${until}.`,
    attached:
      'Je passen zitten als pdf in de bijlage: laat de QR-code bij de ingang zien, op papier of op je telefoon.',
    order: 'Bestelling',
    closing: (shop) => `Met vriendelijke groet,\n${shop}`,
  },
  de: {
    pass: 'Pass',
    validUntil: 'Gültig bis',
    type: 'Art',
    passOf: (index, total) => `Pass ${index} von ${total}`,
    subject: (shop, title, number) => `${title} von ${shop} (Bestellung ${number})`,
    renewedSubject: (shop, title, number) => `${title} von ${shop} verlängert (Bestellung ${number})`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (title, until) => `Vielen Dank für Ihre Bestellung. „${title}“ gilt bis ${until}.`,
    renewedBody: (title, until) => `Vielen Dank für die Verlängerung. „${title}“ gilt jetzt bis ${until}.`,
    attached:
      'Ihre Pässe sind als PDF angehängt: Zeigen Sie den QR-Code am Eingang, auf Papier oder auf dem Handy.',
    order: 'Bestellung',
    closing: (shop) => `Mit freundlichen Grüßen\n${shop}`,
  },
  es: {
    pass: 'Pase',
    validUntil: 'Válido hasta',
    type: 'Tipo',
    passOf: (index, total) => `Pase ${index} de ${total}`,
    subject: (shop, title, number) => `${title} de ${shop} (pedido ${number})`,
    renewedSubject: (shop, title, number) => `Renovación: ${title} de ${shop} (pedido ${number})`,
    greeting: (name) => `Hola, ${name}:`,
    body: (title, until) => `Gracias por tu pedido. «${title}»: validez hasta el ${until}.`,
    renewedBody: (title, until) => `Gracias por renovar. «${title}»: validez ahora hasta el ${until}.`,
    attached: 'Tus pases van adjuntos en PDF: muestra el código QR en la entrada, en papel o en el móvil.',
    order: 'Pedido',
    closing: (shop) => `Un saludo,\n${shop}`,
  },
  fr: {
    pass: 'Carte',
    validUntil: "Valable jusqu'au",
    type: 'Type',
    passOf: (index, total) => `Carte ${index} sur ${total}`,
    subject: (shop, title, number) => `${title} de ${shop} (commande ${number})`,
    renewedSubject: (shop, title, number) => `Renouvellement : ${title} de ${shop} (commande ${number})`,
    greeting: (name) => `Bonjour ${name},`,
    body: (title, until) => `Merci pour votre commande. « ${title} » est valable jusqu'au ${until}.`,
    renewedBody: (title, until) =>
      `Merci pour le renouvellement. « ${title} » est désormais valable jusqu'au ${until}.`,
    attached:
      "Vos cartes sont jointes en PDF : montrez le code QR à l'entrée, sur papier ou sur votre téléphone.",
    order: 'Commande',
    closing: (shop) => `Cordialement,\n${shop}`,
  },
};

export function passesTexts(language: string): PassesTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
