import { AppError } from '../../lib/errors.ts';

/** The payments module's error codes (docs/storefront.md §8.1: the storefront shows errors.{code lowercased}). */
export const paymentErrors = {
  notFound: () => new AppError(404, 'PAYMENT_NOT_FOUND', 'No order or payment has this hash'),
  orderNotPayable: (status: string) =>
    new AppError(409, 'ORDER_NOT_PAYABLE', 'This order cannot be paid (any more)', status),
  /** 503 with its code: the provider is down or slow, the order keeps its seats, trying again may work. */
  gatewayUnavailable: () =>
    new AppError(
      503,
      'PAYMENT_GATEWAY_UNAVAILABLE',
      'The payment provider could not be reached',
      undefined,
      true,
    ),
  /** The shop's (or the payment's) gateway is unknown or lacks its settings on this server. */
  gatewayNotConfigured: (gateway: string) =>
    new AppError(409, 'PAYMENT_GATEWAY_NOT_CONFIGURED', `The ${gateway} gateway is not configured here`),
  /** The gateway charges in one currency only (PayPal: EUR), not the shop's (decision 0181). */
  currencyNotSupported: (gateway: string, currency: string) =>
    new AppError(
      409,
      'PAYMENT_CURRENCY_NOT_SUPPORTED',
      `The ${gateway} gateway cannot take payments in ${currency}`,
      currency,
    ),
  invalidSignature: () => new AppError(400, 'INVALID_SIGNATURE', 'The request signature is not valid'),
  ticketsNotAvailable: () =>
    new AppError(409, 'TICKETS_NOT_AVAILABLE', 'Tickets are available once the order is paid'),
  giftCardsNotAvailable: () =>
    new AppError(409, 'GIFT_CARDS_NOT_AVAILABLE', 'Gift cards are available once the order is paid'),
  receiptNotAvailable: () =>
    new AppError(409, 'RECEIPT_NOT_AVAILABLE', 'The receipt is available once the order is paid'),
  invoiceNotAvailable: () =>
    new AppError(409, 'INVOICE_NOT_AVAILABLE', 'The invoice is available once the order is paid or invoiced'),
  /** An e-invoice is for a company's order of a seller with a VAT id (decision 0244); the detail says what is missing. */
  eInvoiceNotAvailable: (reason: string) =>
    new AppError(
      409,
      'EINVOICE_NOT_AVAILABLE',
      'An e-invoice is available for an order of a company once it is paid or invoiced',
      reason,
    ),
  creditNoteNotFound: () =>
    new AppError(404, 'CREDIT_NOTE_NOT_FOUND', 'The order has no credit note of that number'),
  passesNotAvailable: () =>
    new AppError(409, 'PASSES_NOT_AVAILABLE', 'Passes are available once the order is paid'),
};
