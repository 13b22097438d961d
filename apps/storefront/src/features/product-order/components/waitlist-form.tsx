// From rules, not the contract: the contract brings zod into the product page's chunks.
import { WAITLIST_MAX_QUANTITY } from '@kassa/domain/rules/waitlist';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { joinWaitlist } from '../api/join-waitlist';

interface WaitlistFormProps {
  productId: number;
  plotId: number;
  /** The places the visitor was after, as the starting number. */
  quantity?: number;
}

/**
 * "Join the waiting list" of a full slot (decision 0252): an e-mail address
 * and a number of places. When places come free they are held for the
 * visitor and mailed; their place in line is never shown.
 */
export function WaitlistForm({ productId, plotId, quantity = 1 }: WaitlistFormProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const quantityId = useId();
  const [email, setEmail] = useState('');
  const [places, setPlaces] = useState(Math.min(Math.max(quantity, 1), WAITLIST_MAX_QUANTITY));
  const [state, setState] = useState<'idle' | 'sending' | 'joined'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('sending');
    setError(null);
    try {
      await joinWaitlist(productId, { plotId, quantity: places, email, language: i18n.language });
      setState('joined');
    } catch (failure) {
      setState('idle');
      setError(t(errorKey(isApiError(failure) ? failure.code : undefined)));
    }
  }

  if (state === 'joined') {
    return <Alert tone="success">{t('waitlist.joined', { email })}</Alert>;
  }
  return (
    <form className="kassa-waitlist" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 id={headingId} className="kassa-waitlist__title">
        {t('waitlist.title')}
      </h3>
      <p>{t('waitlist.intro')}</p>
      <TextField
        label={t('waitlist.email')}
        name="waitlist-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={setEmail}
        maxLength={254}
      />
      <label htmlFor={quantityId}>{t('waitlist.places')}</label>
      <select id={quantityId} value={places} onChange={(event) => setPlaces(Number(event.target.value))}>
        {Array.from({ length: WAITLIST_MAX_QUANTITY }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      {error && <Alert tone="danger">{error}</Alert>}
      <button type="submit" className="kassa-button" disabled={state === 'sending' || email.trim() === ''}>
        {t('waitlist.join')}
      </button>
    </form>
  );
}
