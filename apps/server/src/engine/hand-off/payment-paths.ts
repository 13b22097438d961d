/** URLs the payments module serves or sends visitors to, in one place. */

/** The storefront's return page (docs/storefront.md §2.19). */
export function checkoutReturnPath(orderHash: string): string {
  return `/checkout/return/${encodeURIComponent(orderHash)}`;
}

/** A provider's cancel URL: records that the visitor gave up, then shows the return page. */
export function paymentCancelPath(paymentHash: string): string {
  return `/pay/cancel/${encodeURIComponent(paymentHash)}`;
}

export function ticketsPdfPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/tickets.pdf`;
}

/** A paid voucher order's gift cards (decision 0112). */
export function giftCardsPdfPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/gift-cards.pdf`;
}

/** A paid subscription order's passes (decision 0186). */
export function passesPdfPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/passes.pdf`;
}

/** Any paid order's receipt on its own (decision 0186). */
export function receiptPdfPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/receipt.pdf`;
}

/** A paid or invoiced order's invoice (decision 0242). */
export function invoicePdfPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/invoice.pdf`;
}

/** One of the order's credit notes, by its number (decision 0242). */
export function creditNotePdfPath(orderHash: string, number: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/credit-notes/${encodeURIComponent(number)}.pdf`;
}

/** The invoice as an EN 16931 e-invoice (decision 0244). */
export function invoiceXmlPath(hash: string): string {
  return `/api/orders/${encodeURIComponent(hash)}/invoice.xml`;
}

/** A credit note as an EN 16931 e-invoice (decision 0244). */
export function creditNoteXmlPath(hash: string, number: string): string {
  return `/api/orders/${encodeURIComponent(hash)}/credit-notes/${encodeURIComponent(number)}.xml`;
}
