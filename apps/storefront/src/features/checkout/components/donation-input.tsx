import { amountToCents, centsToAmount } from '@kassa/domain/rules/money';
import { donationQuantity, parseDonationInput, stepDonationCents } from '@kassa/domain/rules/quantity';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';

interface DonationInputProps {
  title: string;
  amount: number;
  stepAmount: number;
  onChange: (amount: number, quantity: 0 | 1) => void;
}

/**
 * A donation amount (docs/storefront.md §4.8, §5.7): plus and minus move it by
 * donation_step, never below 0; typed input is cleaned (digits, dot, comma
 * as a dot, 2 decimals, anything else 0). 0 means quantity 0, else 1.
 */
export function DonationInput({ title, amount, stepAmount, onChange }: DonationInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const stepCents = Math.max(amountToCents(stepAmount), 1);

  function set(cents: number) {
    onChange(centsToAmount(cents), donationQuantity(cents));
  }

  function step(direction: 1 | -1) {
    setTyped(null);
    set(stepDonationCents(amountToCents(amount), stepCents, direction));
  }

  return (
    <div className="kassa-donation">
      <label htmlFor={id} className="kassa-donation__label">
        {t('product.upsells.donation_amount', { title })}
      </label>
      <div className="kassa-donation__row">
        <button
          type="button"
          className="kassa-quantity__button"
          aria-label={t('product.upsells.donation_less', { title })}
          disabled={amount <= 0}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="kassa-field__control kassa-donation__input"
          inputMode="decimal"
          value={typed ?? amount.toFixed(2)}
          onChange={(event) => {
            setTyped(event.target.value);
            set(amountToCents(parseDonationInput(event.target.value)));
          }}
          onBlur={() => setTyped(null)}
        />
        <button
          type="button"
          className="kassa-quantity__button"
          aria-label={t('product.upsells.donation_more', { title })}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
