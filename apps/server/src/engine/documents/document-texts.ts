import { normaliseLanguage, type Language } from '../../lib/language.ts';

/** The words of invoices and credit notes (decision 0242), in the order's language. */
export interface DocumentTexts {
  invoice: string;
  creditNote: string;
  number: string;
  invoiceDate: string;
  creditNoteDate: string;
  supplyDate: string;
  dueDate: string;
  order: string;
  seller: string;
  buyer: string;
  vatId: string;
  registration: string;
  description: string;
  quantity: string;
  rate: string;
  net: string;
  vat: string;
  gross: string;
  /** A rate outside the scope of VAT: a multi-purpose voucher's sale (decision 0243). */
  notSubject: string;
  totalNet: string;
  totalGross: string;
  discount: (code: string | null) => string;
  singlePurposeCredit: (code: string | null) => string;
  giftCardPayment: string;
  rebookCredit: string;
  paid: string;
  toPay: string;
  payTo: string;
  refersTo: string;
  creditTotal: string;
}

const TEXTS: Record<Language, DocumentTexts> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    invoiceDate: 'Invoice date',
    creditNoteDate: 'Date',
    supplyDate: 'Date of visit',
    dueDate: 'Due date',
    order: 'Order',
    seller: 'Seller',
    buyer: 'Customer',
    vatId: 'VAT number',
    registration: 'Registration',
    description: 'Description',
    quantity: 'Qty',
    rate: 'VAT',
    net: 'Net',
    vat: 'VAT',
    gross: 'Gross',
    notSubject: 'Not subject to VAT',
    totalNet: 'Total excl. VAT',
    totalGross: 'Total incl. VAT',
    discount: (code) => (code ? `Discount (${code})` : 'Discount'),
    singlePurposeCredit: (code) => `Gift voucher ${code ?? ''} (VAT charged at its sale)`.replace('  ', ' '),
    giftCardPayment: 'Paid with gift card',
    rebookCredit: 'Credit from the rebooked order',
    paid: 'Paid',
    toPay: 'To pay',
    payTo: 'Please pay to',
    refersTo: 'Credits invoice',
    creditTotal: 'Total credited',
  },
  nl: {
    invoice: 'Factuur',
    creditNote: 'Creditnota',
    number: 'Nummer',
    invoiceDate: 'Factuurdatum',
    creditNoteDate: 'Datum',
    supplyDate: 'Datum van bezoek',
    dueDate: 'Vervaldatum',
    order: 'Bestelling',
    seller: 'Verkoper',
    buyer: 'Klant',
    vatId: 'Btw-nummer',
    registration: 'Inschrijving',
    description: 'Omschrijving',
    quantity: 'Aantal',
    rate: 'BTW',
    net: 'Netto',
    vat: 'BTW',
    gross: 'Bruto',
    notSubject: 'Niet belast met btw',
    totalNet: 'Totaal excl. btw',
    totalGross: 'Totaal incl. btw',
    discount: (code) => (code ? `Korting (${code})` : 'Korting'),
    singlePurposeCredit: (code) => `Cadeaubon ${code ?? ''} (btw berekend bij verkoop)`.replace('  ', ' '),
    giftCardPayment: 'Betaald met cadeaukaart',
    rebookCredit: 'Tegoed van de omgeboekte bestelling',
    paid: 'Betaald',
    toPay: 'Te betalen',
    payTo: 'Graag betalen aan',
    refersTo: 'Crediteert factuur',
    creditTotal: 'Totaal gecrediteerd',
  },
  es: {
    invoice: 'Factura',
    creditNote: 'Factura rectificativa',
    number: 'Número',
    invoiceDate: 'Fecha de factura',
    creditNoteDate: 'Fecha',
    supplyDate: 'Fecha de la visita',
    dueDate: 'Vencimiento',
    order: 'Pedido',
    seller: 'Vendedor',
    buyer: 'Cliente',
    vatId: 'NIF-IVA',
    registration: 'Registro',
    description: 'Descripción',
    quantity: 'Cant.',
    rate: 'IVA',
    net: 'Base',
    vat: 'IVA',
    gross: 'Total',
    notSubject: 'No sujeto a IVA',
    totalNet: 'Total sin IVA',
    totalGross: 'Total con IVA',
    discount: (code) => (code ? `Descuento (${code})` : 'Descuento'),
    singlePurposeCredit: (code) => `Bono regalo ${code ?? ''} (IVA cobrado en su venta)`.replace('  ', ' '),
    giftCardPayment: 'Pagado con tarjeta regalo',
    rebookCredit: 'Crédito del pedido cambiado',
    paid: 'Pagado',
    toPay: 'A pagar',
    payTo: 'Pague a',
    refersTo: 'Rectifica la factura',
    creditTotal: 'Total abonado',
  },
  de: {
    invoice: 'Rechnung',
    creditNote: 'Gutschrift',
    number: 'Nummer',
    invoiceDate: 'Rechnungsdatum',
    creditNoteDate: 'Datum',
    supplyDate: 'Besuchsdatum',
    dueDate: 'Fällig am',
    order: 'Bestellung',
    seller: 'Verkäufer',
    buyer: 'Kunde',
    vatId: 'USt-IdNr.',
    registration: 'Handelsregister',
    description: 'Beschreibung',
    quantity: 'Anz.',
    rate: 'MwSt.',
    net: 'Netto',
    vat: 'MwSt.',
    gross: 'Brutto',
    notSubject: 'Nicht steuerbar',
    totalNet: 'Gesamt netto',
    totalGross: 'Gesamt brutto',
    discount: (code) => (code ? `Rabatt (${code})` : 'Rabatt'),
    singlePurposeCredit: (code) =>
      `Gutschein ${code ?? ''} (MwSt. beim Verkauf berechnet)`.replace('  ', ' '),
    giftCardPayment: 'Mit Geschenkkarte bezahlt',
    rebookCredit: 'Guthaben der umgebuchten Bestellung',
    paid: 'Bezahlt',
    toPay: 'Zu zahlen',
    payTo: 'Bitte überweisen Sie an',
    refersTo: 'Zur Rechnung',
    creditTotal: 'Gesamt gutgeschrieben',
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    number: 'Numéro',
    invoiceDate: 'Date de facture',
    creditNoteDate: 'Date',
    supplyDate: 'Date de la visite',
    dueDate: 'Échéance',
    order: 'Commande',
    seller: 'Vendeur',
    buyer: 'Client',
    vatId: 'N° TVA',
    registration: 'Immatriculation',
    description: 'Désignation',
    quantity: 'Qté',
    rate: 'TVA',
    net: 'HT',
    vat: 'TVA',
    gross: 'TTC',
    notSubject: 'Non soumis à la TVA',
    totalNet: 'Total HT',
    totalGross: 'Total TTC',
    discount: (code) => (code ? `Réduction (${code})` : 'Réduction'),
    singlePurposeCredit: (code) => `Bon cadeau ${code ?? ''} (TVA perçue à sa vente)`.replace('  ', ' '),
    giftCardPayment: 'Payé par carte cadeau',
    rebookCredit: 'Crédit de la commande modifiée',
    paid: 'Payé',
    toPay: 'À payer',
    payTo: 'Veuillez payer à',
    refersTo: 'Avoir sur la facture',
    creditTotal: 'Total remboursé',
  },
};

export function documentTexts(language: string): DocumentTexts {
  return TEXTS[normaliseLanguage(language) ?? 'en'];
}
