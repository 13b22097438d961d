import { withdrawalPath } from '@kassa/domain/contract/withdrawal';
import { normaliseLanguage, type Language } from '../lib/language.ts';
import { mailLink } from './mail-link.ts';

const TEXTS: Record<Language, { right: string; action: (url: string) => string }> = {
  en: {
    right: 'You may withdraw from this purchase within 14 days, as long as nothing of it has been used.',
    action: (url) => `Withdraw from contract: ${url}`,
  },
  nl: {
    right: 'Je kunt deze aankoop binnen 14 dagen herroepen, zolang er nog niets van is gebruikt.',
    action: (url) => `Overeenkomst herroepen: ${url}`,
  },
  es: {
    right:
      'Puedes desistir de esta compra en un plazo de 14 días, siempre que no se haya usado nada de ella.',
    action: (url) => `Desistir del contrato: ${url}`,
  },
  de: {
    right:
      'Sie können diesen Kauf innerhalb von 14 Tagen widerrufen, solange noch nichts davon genutzt wurde.',
    action: (url) => `Vertrag widerrufen: ${url}`,
  },
  fr: {
    right: 'Vous pouvez vous rétracter de cet achat dans les 14 jours, tant que rien n’en a été utilisé.',
    action: (url) => `Se rétracter du contrat : ${url}`,
  },
};

/**
 * The lines of a voucher or pass purchase mail that offer the withdrawal
 * function (decision 0254): the right in one sentence and the clearly
 * labelled link to the withdrawal page of the order.
 */
export function withdrawalMailLines(
  language: string,
  publicUrl: string | undefined,
  orderHash: string,
): string[] {
  const texts = TEXTS[normaliseLanguage(language) ?? 'en'];
  const url = mailLink(`${publicUrl ?? ''}${withdrawalPath(orderHash)}`, language);
  return [texts.right, texts.action(url)];
}
