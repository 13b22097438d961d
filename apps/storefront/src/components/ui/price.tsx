import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';

/** An amount in the shop's currency, formatted for the visitor's language. */
export function Price({ amount, currency }: { amount: number; currency?: string }) {
  const language = useLanguage();
  return (
    <span className="kassa-price">
      {formatMoney(amount, currency ?? pageDefinitions().currency, language)}
    </span>
  );
}
