import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import { useTranslation } from '@/lib/use-translation';

/**
 * The order's documents to download (decision 0186): its tickets, gift
 * cards or passes, the receipt on its own and the visit's calendar entry —
 * each only once the server
 * says it is there, so the page never promises a download it lacks.
 */
export function OrderDocuments({ answer }: { answer: CheckoutReturn }) {
  const { t } = useTranslation();
  const documents = [
    { url: answer.ticketsUrl, label: t('checkoutReturn.download') },
    { url: answer.giftCardsUrl, label: t('checkoutReturn.download_gift_cards') },
    { url: answer.passesUrl, label: t('checkoutReturn.download_passes') },
    { url: answer.receiptUrl, label: t('checkoutReturn.download_receipt') },
    // The visit as a calendar entry (.ics, decision 0250).
    { url: answer.calendarUrl, label: t('checkoutReturn.add_to_calendar') },
    { url: answer.invoiceUrl, label: t('checkoutReturn.download_invoice') },
    // For an order of a company: the same invoice as an EN 16931 e-invoice (decision 0244).
    { url: answer.eInvoiceUrl, label: t('checkoutReturn.download_einvoice') },
    ...(answer.creditNotes ?? []).flatMap((note) => [
      { url: note.url, label: t('checkoutReturn.download_credit_note', { number: note.number }) },
      {
        url: note.eInvoiceUrl,
        label: t('checkoutReturn.download_credit_note_einvoice', { number: note.number }),
      },
    ]),
  ].filter((document): document is { url: string; label: string } => Boolean(document.url));
  if (documents.length === 0) return null;
  return (
    <ul className="kassa-return__documents">
      {documents.map((document, index) => (
        <li key={document.url}>
          <a
            className={index === 0 ? 'kassa-button' : 'kassa-button kassa-button--secondary'}
            href={document.url}
            download
          >
            {document.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
