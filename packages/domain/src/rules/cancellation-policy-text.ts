/**
 * The product page's key fact about cancellation, made from the product's
 * cancellation policy (decision 0258) so that what the page promises is
 * what the self-service cancellation does. Five languages, German with
 * "Sie".
 */
import type { CancellationPolicy } from './cancellation-policy.ts';

export type PolicyTextLocale = 'en' | 'nl' | 'es' | 'de' | 'fr';

interface Words {
  free: (hours: number) => string;
  freeUntilStart: string;
  fee: (percent: number, hours: number) => string;
  none: string;
  original: string;
  voucher: (bonus: number) => string;
  choice: (bonus: number) => string;
}

const words: Record<PolicyTextLocale, Words> = {
  en: {
    free: (hours) => `Free cancellation up to ${hours} hours before your visit`,
    freeUntilStart: 'Free cancellation until your visit starts',
    fee: (percent, hours) => `${percent} % fee until ${hours} hours before`,
    none: 'no cancellation after that',
    original: 'refund to your original payment',
    voucher: (bonus) => (bonus ? `refund as a voucher worth ${bonus} % more` : 'refund as a voucher'),
    choice: (bonus) =>
      bonus
        ? `refund to your payment or as a voucher worth ${bonus} % more`
        : 'refund to your payment or as a voucher',
  },
  nl: {
    free: (hours) => `Gratis annuleren tot ${hours} uur voor je bezoek`,
    freeUntilStart: 'Gratis annuleren tot je bezoek begint',
    fee: (percent, hours) => `${percent} % kosten tot ${hours} uur ervoor`,
    none: 'daarna niet meer annuleren',
    original: 'geld terug op je oorspronkelijke betaling',
    voucher: (bonus) =>
      bonus ? `terugbetaling als tegoedbon met ${bonus} % extra` : 'terugbetaling als tegoedbon',
    choice: (bonus) =>
      bonus
        ? `geld terug op je betaling of als tegoedbon met ${bonus} % extra`
        : 'geld terug op je betaling of als tegoedbon',
  },
  es: {
    free: (hours) => `Cancelación gratuita hasta ${hours} horas antes de tu visita`,
    freeUntilStart: 'Cancelación gratuita hasta el inicio de tu visita',
    fee: (percent, hours) => `cargo del ${percent} % hasta ${hours} horas antes`,
    none: 'después no se puede cancelar',
    original: 'reembolso a tu forma de pago original',
    voucher: (bonus) => (bonus ? `reembolso en un vale con un ${bonus} % más` : 'reembolso en un vale'),
    choice: (bonus) =>
      bonus
        ? `reembolso a tu forma de pago o en un vale con un ${bonus} % más`
        : 'reembolso a tu forma de pago o en un vale',
  },
  de: {
    free: (hours) => `Kostenlos stornierbar bis ${hours} Stunden vor Ihrem Besuch`,
    freeUntilStart: 'Kostenlos stornierbar bis zum Beginn Ihres Besuchs',
    fee: (percent, hours) => `${percent} % Gebühr bis ${hours} Stunden vorher`,
    none: 'danach keine Stornierung mehr',
    original: 'Erstattung auf Ihre ursprüngliche Zahlung',
    voucher: (bonus) =>
      bonus ? `Erstattung als Gutschein mit ${bonus} % mehr Wert` : 'Erstattung als Gutschein',
    choice: (bonus) =>
      bonus
        ? `Erstattung auf Ihre Zahlung oder als Gutschein mit ${bonus} % mehr Wert`
        : 'Erstattung auf Ihre Zahlung oder als Gutschein',
  },
  fr: {
    free: (hours) => `Annulation gratuite jusqu’à ${hours} heures avant la visite`,
    freeUntilStart: 'Annulation gratuite jusqu’au début de la visite',
    fee: (percent, hours) => `frais de ${percent} % jusqu’à ${hours} heures avant`,
    none: 'plus d’annulation ensuite',
    original: 'remboursement sur votre paiement d’origine',
    voucher: (bonus) =>
      bonus ? `remboursement en bon d’achat majoré de ${bonus} %` : 'remboursement en bon d’achat',
    choice: (bonus) =>
      bonus
        ? `remboursement sur votre paiement ou en bon d’achat majoré de ${bonus} %`
        : 'remboursement sur votre paiement ou en bon d’achat',
  },
};

/** The cancellation key fact for one language. */
export function cancellationFactText(policy: CancellationPolicy, locale: PolicyTextLocale): string {
  const w = words[locale];
  const parts = [policy.freeUntilHours > 0 ? w.free(policy.freeUntilHours) : w.freeUntilStart];
  for (const tier of policy.tiers) parts.push(w.fee(tier.feePercent, tier.untilHours));
  const last = policy.tiers.at(-1)?.untilHours ?? policy.freeUntilHours;
  if (last > 0) parts.push(w.none);
  const bonus = policy.voucherBonusPercent ?? 0;
  const method =
    policy.refundTo === 'original'
      ? w.original
      : policy.refundTo === 'voucher'
        ? w.voucher(bonus)
        : w.choice(bonus);
  // French sets a space before the semicolon.
  const separator = locale === 'fr' ? ' ; ' : '; ';
  return `${parts.join(separator)}. ${method.charAt(0).toUpperCase()}${method.slice(1)}.`;
}

/** The cancellation key fact in all five languages. */
export function cancellationFactTexts(policy: CancellationPolicy): Record<PolicyTextLocale, string> {
  const locales: PolicyTextLocale[] = ['en', 'nl', 'es', 'de', 'fr'];
  return Object.fromEntries(
    locales.map((locale) => [locale, cancellationFactText(policy, locale)]),
  ) as Record<PolicyTextLocale, string>;
}
