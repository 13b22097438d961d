import { normaliseLanguage, type Language } from '../lib/language.ts';
import type { ReceiptTotalKind } from './order-receipt.ts';

/** The words of the receipt (decision 0186), the same in every mail and PDF, in the order's language. */
export interface ReceiptTexts {
  order: string;
  receipt: string;
  venue: string;
  discount: (code: string | null) => string;
  giftCard: (code: string | null) => string;
  /** A fee the shop gave no name: the one name the storefront uses too. */
  fee: string;
  /** Said beside the fee when the shop has one but it was not charged (nothing left to pay, on invoice). */
  feeWaived: string;
  /** Said beside the fee when the shop charges none. */
  feeNone: string;
  credit: string;
  total: Record<ReceiptTotalKind, string>;
  /** The VAT breakdown under the total (decision 0240). */
  totalNet: string;
  totalGross: string;
  notSubject: string;
}

const TEXTS: Record<Language, ReceiptTexts> = {
  en: {
    order: 'Order',
    receipt: 'Your order',
    venue: 'Venue',
    discount: (code) => (code ? `Discount (${code})` : 'Discount'),
    giftCard: (code) => `Gift card ${code ?? ''}`.trim(),
    fee: 'Booking fee',
    feeWaived: 'not charged',
    feeNone: 'none',
    credit: 'Already paid',
    total: { PAID: 'Total paid', INVOICED: 'Total (on invoice)', DUE: 'Total to pay' },
    totalNet: 'Total excl. VAT',
    totalGross: 'Total incl. VAT',
    notSubject: 'Not subject to VAT',
  },
  nl: {
    order: 'Bestelling',
    receipt: 'Je bestelling',
    venue: 'Locatie',
    discount: (code) => (code ? `Korting (${code})` : 'Korting'),
    giftCard: (code) => `Cadeaubon ${code ?? ''}`.trim(),
    fee: 'Boekingskosten',
    feeWaived: 'niet gerekend',
    feeNone: 'geen',
    credit: 'Al betaald',
    total: { PAID: 'Totaal betaald', INVOICED: 'Totaal (op factuur)', DUE: 'Totaal te betalen' },
    totalNet: 'Totaal excl. btw',
    totalGross: 'Totaal incl. btw',
    notSubject: 'Niet belast met btw',
  },
  es: {
    order: 'Pedido',
    receipt: 'Tu pedido',
    venue: 'Lugar',
    discount: (code) => (code ? `Descuento (${code})` : 'Descuento'),
    giftCard: (code) => `Tarjeta regalo ${code ?? ''}`.trim(),
    fee: 'Gastos de reserva',
    feeWaived: 'no cobrados',
    feeNone: 'ninguno',
    credit: 'Ya pagado',
    total: { PAID: 'Total pagado', INVOICED: 'Total (con factura)', DUE: 'Total a pagar' },
    totalNet: 'Total sin IVA',
    totalGross: 'Total con IVA',
    notSubject: 'No sujeto a IVA',
  },
  de: {
    order: 'Bestellung',
    receipt: 'Ihre Bestellung',
    venue: 'Ort',
    discount: (code) => (code ? `Rabatt (${code})` : 'Rabatt'),
    giftCard: (code) => `Gutschein ${code ?? ''}`.trim(),
    fee: 'Buchungsgebühr',
    feeWaived: 'nicht berechnet',
    feeNone: 'keine',
    credit: 'Bereits bezahlt',
    total: { PAID: 'Gesamt bezahlt', INVOICED: 'Gesamt (auf Rechnung)', DUE: 'Gesamt zu zahlen' },
    totalNet: 'Gesamt netto',
    totalGross: 'Gesamt brutto',
    notSubject: 'Nicht steuerbar',
  },
  fr: {
    order: 'Commande',
    receipt: 'Votre commande',
    venue: 'Lieu',
    discount: (code) => (code ? `Réduction (${code})` : 'Réduction'),
    giftCard: (code) => `Carte cadeau ${code ?? ''}`.trim(),
    fee: 'Frais de réservation',
    feeWaived: 'non facturés',
    feeNone: 'aucuns',
    credit: 'Déjà payé',
    total: { PAID: 'Total payé', INVOICED: 'Total (sur facture)', DUE: 'Total à payer' },
    totalNet: 'Total HT',
    totalGross: 'Total TTC',
    notSubject: 'Non soumis à la TVA',
  },
};

export function receiptTexts(language: string): ReceiptTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}

/**
 * "Label: value" as the language writes it: French puts a no-break space
 * before the colon ("Total : 12,00 €"); the PDFs print it as a space.
 */
export function labelled(label: string, value: string, language: string): string {
  return normaliseLanguage(language) === 'fr' ? `${label}\u00a0: ${value}` : `${label}: ${value}`;
}
