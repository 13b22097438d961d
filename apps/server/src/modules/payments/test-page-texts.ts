import { normaliseLanguage, type Language } from '../../lib/language.ts';

/** The test gateway's page is served by the server, outside the storefront's i18n: its own small dictionary. */
export interface TestPageTexts {
  title: string;
  banner: string;
  explanation: string;
  order: string;
  amount: string;
  pay: string;
  fail: string;
  cancel: string;
  settled: string;
  back: string;
  unknown: string;
}

const TEXTS: Record<Language, TestPageTexts> = {
  en: {
    title: 'Test payment',
    banner: 'TEST MODE – no real money is charged',
    explanation: 'This shop uses the built-in test gateway. Choose what the payment should do.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    cancel: 'Cancel',
    settled: 'This payment is no longer open.',
    back: 'Back to the shop',
    unknown: 'This payment link is not valid.',
  },
  nl: {
    title: 'Testbetaling',
    banner: 'TESTMODUS – er wordt geen echt geld afgeschreven',
    explanation: 'Deze winkel gebruikt de ingebouwde testbetaling. Kies wat de betaling moet doen.',
    order: 'Bestelling',
    amount: 'Bedrag',
    pay: 'Betalen',
    fail: 'Laten mislukken',
    cancel: 'Annuleren',
    settled: 'Deze betaling staat niet meer open.',
    back: 'Terug naar de winkel',
    unknown: 'Deze betaallink is niet geldig.',
  },
  es: {
    title: 'Pago de prueba',
    banner: 'MODO DE PRUEBA – no se cobra dinero real',
    explanation: 'Esta tienda usa la pasarela de prueba integrada. Elige qué debe hacer el pago.',
    order: 'Pedido',
    amount: 'Importe',
    pay: 'Pagar',
    fail: 'Hacer fallar',
    cancel: 'Cancelar',
    settled: 'Este pago ya no está abierto.',
    back: 'Volver a la tienda',
    unknown: 'Este enlace de pago no es válido.',
  },
  de: {
    title: 'Testzahlung',
    banner: 'TESTMODUS – es wird kein echtes Geld abgebucht',
    explanation: 'Dieser Shop nutzt das eingebaute Test-Gateway. Wählen Sie, was die Zahlung tun soll.',
    order: 'Bestellung',
    amount: 'Betrag',
    pay: 'Bezahlen',
    fail: 'Fehlschlagen lassen',
    cancel: 'Abbrechen',
    settled: 'Diese Zahlung ist nicht mehr offen.',
    back: 'Zurück zum Shop',
    unknown: 'Dieser Zahlungslink ist nicht gültig.',
  },
  fr: {
    title: 'Paiement de test',
    banner: "MODE TEST – aucun argent réel n'est débité",
    explanation:
      'Cette boutique utilise la passerelle de test intégrée. Choisissez ce que doit faire le paiement.',
    order: 'Commande',
    amount: 'Montant',
    pay: 'Payer',
    fail: 'Faire échouer',
    cancel: 'Annuler',
    settled: "Ce paiement n'est plus ouvert.",
    back: 'Retour à la boutique',
    unknown: "Ce lien de paiement n'est pas valide.",
  },
};

export function testPageTexts(language: string): TestPageTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
