import type { Invoice as EInvoiceData } from '@e-invoice-eu/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations, type IssuedDocumentLine, type IssuedRateTotal } from '../../db/schema.ts';
import { creditNoteXmlPath, invoiceXmlPath } from '../hand-off/payment-paths.ts';
import {
  issuedInvoice,
  orderCreditNotes,
  type IssuedCreditNote,
  type IssuedInvoice,
} from './invoice-store.ts';

/**
 * EN 16931 e-invoices (decision 0244): an issued invoice or credit note as
 * UBL 2.1 (Invoice, or CreditNote for type code 381), made by
 * `@e-invoice-eu/core` from the row as issued, so its amounts are the PDF's
 * to the cent: each line's net as issued, each rate's taxable amount and VAT
 * as the totals per rate (decision 0240), reductions as document-level
 * allowances at their rate. Only for a business buyer (a company on the
 * order) of a seller with a VAT id; never for a document with a supply
 * outside the scope of VAT beside taxed ones (EN 16931 does not allow
 * both in one document).
 */

export type EInvoiceRefusal = 'NOT_A_BUSINESS' | 'NO_SELLER_VAT_ID' | 'NO_SELLER_ADDRESS' | 'MIXED_SCOPE';

/** Why the document cannot be an e-invoice, or null when it can. */
export function eInvoiceRefusal(invoice: IssuedInvoice, sellerEmail: string | null): EInvoiceRefusal | null {
  if (!invoice.buyer.company) return 'NOT_A_BUSINESS';
  if (!invoice.seller.vatId || !vatIdCountry(invoice.seller.vatId)) return 'NO_SELLER_VAT_ID';
  const country = vatIdCountry(invoice.seller.vatId);
  if (!sellerEmail && !(country && vatEndpointSchemes[country])) return 'NO_SELLER_ADDRESS';
  if (invoice.lines.some((line) => line.rateBp === null)) return 'MIXED_SCOPE';
  return null;
}

/** Electronic address schemes (EAS) of VAT ids by country, as EN 16931's code list has them. */
const vatEndpointSchemes: Record<string, string> = {
  AT: '9914',
  BE: '9925',
  DE: '9930',
  ES: '9920',
  FR: '9957',
  IT: '9906',
  NL: '9944',
  LU: '9938',
  PT: '9946',
  IE: '9935',
};

/** The country a VAT id is of (its first two letters; Greece's EL is GR), else null. */
export function vatIdCountry(vatId: string | null): string | null {
  const prefix = vatId?.replace(/\s+/g, '').slice(0, 2).toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(prefix)) return null;
  return prefix === 'EL' ? 'GR' : prefix;
}

function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function percent(rateBp: number): string {
  return (rateBp / 100).toFixed(2);
}

/** EN 16931's VAT category: S standard or reduced, Z zero rated. */
function category(rateBp: number | null) {
  const rate = rateBp ?? 0;
  return {
    'cbc:ID': rate === 0 ? 'Z' : 'S',
    'cbc:Percent': percent(rate),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  } as const;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

interface Parties {
  supplier: Record<string, unknown>;
  customer: Record<string, unknown>;
}

function parties(invoice: IssuedInvoice, sellerEmail: string | null): Parties {
  const seller = invoice.seller;
  const sellerCountry = vatIdCountry(seller.vatId) ?? 'NL';
  const sellerLines = seller.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const sellerScheme = vatEndpointSchemes[sellerCountry];
  const buyer = invoice.buyer;
  // A buyer without a VAT id is taken to be in the seller's country (decision 0244).
  const buyerCountry = vatIdCountry(buyer.vatId) ?? sellerCountry;
  const supplier = {
    // Reached by its VAT id where EN 16931's list has a scheme for the country, else by the shop's e-mail.
    ...(sellerScheme || !sellerEmail
      ? { 'cbc:EndpointID': seller.vatId!.replace(/\s+/g, ''), 'cbc:EndpointID@schemeID': sellerScheme! }
      : { 'cbc:EndpointID': sellerEmail, 'cbc:EndpointID@schemeID': 'EM' }),
    'cac:PartyName': { 'cbc:Name': seller.legalName },
    'cac:PostalAddress': {
      ...(sellerLines[0] ? { 'cbc:StreetName': sellerLines[0] } : {}),
      ...(sellerLines[1] ? { 'cbc:CityName': sellerLines[1] } : {}),
      'cac:Country': { 'cbc:IdentificationCode': sellerCountry },
    },
    'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatId!, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': seller.legalName,
      ...(seller.registration ? { 'cbc:CompanyID': seller.registration } : {}),
    },
  };
  const customer = {
    'cbc:EndpointID': buyer.email,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PartyName': { 'cbc:Name': buyer.company! },
    'cac:PostalAddress': {
      ...(buyer.address ? { 'cbc:StreetName': buyer.address } : {}),
      ...(buyer.city ? { 'cbc:CityName': buyer.city } : {}),
      'cac:Country': { 'cbc:IdentificationCode': buyerCountry },
    },
    ...(buyer.vatId
      ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company! },
    'cac:Contact': { 'cbc:Name': buyer.name, 'cbc:ElectronicMail': buyer.email },
  };
  return { supplier, customer };
}

interface Body {
  lines: readonly IssuedDocumentLine[];
  totals: readonly IssuedRateTotal[];
  currency: string;
  /** What is still to pay (an invoice order's amount due); the rest of the gross counts as paid. */
  payableCents: number;
}

/** Lines, allowances, VAT breakdown and the document totals, from the lines and totals as issued. */
function body({ lines, totals, currency, payableCents }: Body) {
  const charges = lines.filter((line) => line.kind === 'CHARGE');
  const reductions = lines.filter((line) => line.kind === 'REDUCTION');
  const lineNet = sum(charges.map((line) => line.netCents));
  const allowance = -sum(reductions.map((line) => line.netCents));
  const net = sum(totals.map((total) => total.netCents));
  const vat = sum(totals.map((total) => total.vatCents));
  const gross = sum(totals.map((total) => total.grossCents));
  const money = (cents: number) => amount(cents);
  return {
    allowances: reductions.map((line) => ({
      'cbc:ChargeIndicator': 'false',
      'cbc:AllowanceChargeReason': line.description,
      'cbc:Amount': money(-line.netCents),
      'cbc:Amount@currencyID': currency,
      'cac:TaxCategory': category(line.rateBp),
    })),
    taxTotal: {
      'cbc:TaxAmount': money(vat),
      'cbc:TaxAmount@currencyID': currency,
      'cac:TaxSubtotal': totals.map((total) => ({
        'cbc:TaxableAmount': money(total.netCents),
        'cbc:TaxableAmount@currencyID': currency,
        'cbc:TaxAmount': money(total.vatCents),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxCategory': category(total.rateBp),
      })),
    },
    monetaryTotal: {
      'cbc:LineExtensionAmount': money(lineNet),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': money(net),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': money(gross),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      ...(allowance !== 0
        ? { 'cbc:AllowanceTotalAmount': money(allowance), 'cbc:AllowanceTotalAmount@currencyID': currency }
        : {}),
      ...(gross - payableCents !== 0
        ? { 'cbc:PrepaidAmount': money(gross - payableCents), 'cbc:PrepaidAmount@currencyID': currency }
        : {}),
      'cbc:PayableAmount': money(payableCents),
      'cbc:PayableAmount@currencyID': currency,
    },
    lines: charges.map((line, index) => {
      // The price is the line's net for its whole quantity (base quantity), so quantity × price is the net exactly.
      const quantity = String(Math.max(1, line.quantity));
      return {
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': quantity,
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': money(line.netCents),
        'cbc:LineExtensionAmount@currencyID': currency,
        ...(line.date
          ? { 'cac:InvoicePeriod': { 'cbc:StartDate': line.date, 'cbc:EndDate': line.date } }
          : {}),
        'cac:Item': {
          'cbc:Name': line.description || '-',
          'cac:ClassifiedTaxCategory': category(line.rateBp),
        },
        'cac:Price': {
          'cbc:PriceAmount': money(line.netCents),
          'cbc:PriceAmount@currencyID': currency,
          'cbc:BaseQuantity': quantity,
          'cbc:BaseQuantity@unitCode': 'C62',
        },
      };
    }),
  };
}

/** The library's input for an invoice as issued. */
export function invoiceData(invoice: IssuedInvoice, sellerEmail: string | null): EInvoiceData {
  const { supplier, customer } = parties(invoice, sellerEmail);
  // Paid online: nothing is due; an order on invoice owes what it is to pay.
  const payableCents = invoice.dueDate ? invoice.payableCents : 0;
  const parts = body({ ...invoice, payableCents });
  const bank = invoice.seller.bank;
  return {
    'ubl:Invoice': {
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issueDate,
      ...(invoice.dueDate ? { 'cbc:DueDate': invoice.dueDate } : {}),
      'cbc:InvoiceTypeCode': '380',
      'cbc:DocumentCurrencyCode': invoice.currency,
      'cbc:BuyerReference': invoice.orderReference,
      'cac:AccountingSupplierParty': { 'cac:Party': supplier },
      'cac:AccountingCustomerParty': { 'cac:Party': customer },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.supplyDate },
      ...(invoice.dueDate && bank
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '58',
                'cbc:PaymentID': invoice.orderReference,
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': bank.iban.replace(/\s+/g, ''),
                  ...(bank.holder ? { 'cbc:Name': bank.holder } : {}),
                },
              },
            ],
          }
        : {}),
      ...(parts.allowances.length ? { 'cac:AllowanceCharge': parts.allowances } : {}),
      'cac:TaxTotal': [parts.taxTotal],
      'cac:LegalMonetaryTotal': parts.monetaryTotal,
      'cac:InvoiceLine': parts.lines,
    },
  } as unknown as EInvoiceData;
}

/** The library's input for a credit note (UBL CreditNote, type 381) referring to its invoice. */
export function creditNoteData(
  note: IssuedCreditNote,
  invoice: IssuedInvoice,
  sellerEmail: string | null,
): EInvoiceData {
  const { supplier, customer } = parties(invoice, sellerEmail);
  const parts = body({
    lines: note.lines,
    totals: note.totals,
    currency: invoice.currency,
    payableCents: note.grossCents,
  });
  return {
    'ubl:Invoice': {
      'cbc:ID': note.number,
      'cbc:IssueDate': note.issueDate,
      'cbc:InvoiceTypeCode': '381',
      'cbc:DocumentCurrencyCode': invoice.currency,
      'cbc:BuyerReference': invoice.orderReference,
      'cac:BillingReference': [
        { 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.number, 'cbc:IssueDate': invoice.issueDate } },
      ],
      'cac:AccountingSupplierParty': { 'cac:Party': supplier },
      'cac:AccountingCustomerParty': { 'cac:Party': customer },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.supplyDate },
      ...(parts.allowances.length ? { 'cac:AllowanceCharge': parts.allowances } : {}),
      'cac:TaxTotal': [parts.taxTotal],
      'cac:LegalMonetaryTotal': parts.monetaryTotal,
      'cac:InvoiceLine': parts.lines,
    },
  } as unknown as EInvoiceData;
}

/**
 * The UBL document of the data: the library checks the data against its
 * EN 16931 schema first (cardinalities, code lists, number and date
 * formats) and throws when it does not hold.
 */
export async function renderUbl(data: EInvoiceData): Promise<string> {
  // Loaded on first use: the library brings spreadsheet and PDF code the server needs nowhere else.
  const { InvoiceService } = await import('@e-invoice-eu/core');
  const silent = { log() {}, warn() {}, error() {} };
  let xml: string | Uint8Array;
  try {
    xml = await new InvoiceService(silent).generate(data, { format: 'UBL', lang: 'en', noWarnings: true });
  } catch (error) {
    const errors = (error as { errors?: { instancePath?: string; message?: string }[] }).errors;
    if (!errors) throw error;
    const found = errors.map((entry) => `${entry.instancePath ?? ''} ${entry.message ?? ''}`.trim());
    throw new Error(`The e-invoice breaks the EN 16931 schema: ${found.join('; ')}`, { cause: error });
  }
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}

/**
 * The order's e-invoices to download, invoice first, then each credit note
 * (decision 0244); [] when the order has no invoice or cannot have one.
 */
export async function orderEInvoices(
  db: Db,
  order: { id: number; hash: string; organisationId: number },
): Promise<{ number: string; url: string }[]> {
  const invoice = await issuedInvoice(db, order.id);
  if (!invoice) return [];
  const [shop] = await db
    .select({ email: organisations.email })
    .from(organisations)
    .where(eq(organisations.id, order.organisationId));
  if (eInvoiceRefusal(invoice, shop?.email ?? null)) return [];
  const notes = await orderCreditNotes(db, order.id);
  return [
    { number: invoice.number, url: invoiceXmlPath(order.hash) },
    ...notes.map((note) => ({ number: note.number, url: creditNoteXmlPath(order.hash, note.number) })),
  ];
}
