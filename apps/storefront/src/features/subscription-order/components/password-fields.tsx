import { useTranslation } from '@/lib/use-translation';
import { TextField } from '@/components/ui/text-field';
import { passwordProblem, type PasswordState } from '../utils/subscription-order';

/**
 * Password and confirmation for a visitor who is not signed in
 * (docs/storefront.md §2.11, §5.2): the subscription makes them a client with
 * this password.
 */
export function PasswordFields({
  value,
  onChange,
  showErrors,
}: {
  value: PasswordState;
  onChange: (value: PasswordState) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const problem = passwordProblem(value);
  const passwordError =
    problem === 'too_short' && (showErrors || value.password !== '')
      ? t('subscription.password_too_short')
      : undefined;
  const confirmError =
    problem === 'mismatch' && (showErrors || value.confirm !== '')
      ? t('subscription.password_mismatch')
      : undefined;
  return (
    <fieldset className="kassa-password">
      <legend>{t('subscription.account_legend')}</legend>
      <p className="kassa-password__hint">{t('subscription.account_hint')}</p>
      <TextField
        name="password"
        type="password"
        label={t('subscription.password')}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        error={passwordError}
        required
        autoComplete="new-password"
        maxLength={1000}
      />
      <TextField
        name="password-confirm"
        type="password"
        label={t('subscription.password_confirm')}
        value={value.confirm}
        onChange={(confirm) => onChange({ ...value, confirm })}
        error={confirmError}
        required
        autoComplete="new-password"
        maxLength={1000}
      />
    </fieldset>
  );
}
