import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { useAddStaffAccount } from '../api/staff-accounts';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { RoleSelect } from './role-select';

/**
 * Adds a staff member: e-mail, name and role. The server mails them a link
 * to set their own password (decision 0245), so no password is asked here.
 */
export function AddStaffForm({ onAdded }: { onAdded: (email: string) => void }) {
  const t = useStaffText();
  const add = useAddStaffAccount();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('door');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissing(email.trim() === '');
    if (email.trim() === '' || add.isPending) return;
    add.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: (account) => {
          setEmail('');
          setName('');
          setRole('door');
          onAdded(account.email);
        },
      },
    );
  }

  return (
    <section className="kassa-accounts__add" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">{t('staffAccounts.add_title')}</h2>
      <p className="kassa-staff__note">{t('staffAccounts.add_intro')}</p>
      <form noValidate onSubmit={submit} className="kassa-accounts__add-form">
        <TextField
          name="email"
          type="email"
          label={t('staffAccounts.email')}
          value={email}
          onChange={setEmail}
          autoComplete="off"
          inputMode="email"
          required
          maxLength={320}
          error={missing ? t('staffAccounts.email_required') : undefined}
        />
        <TextField
          name="name"
          label={t('staffAccounts.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={200}
        />
        <RoleSelect value={role} onChange={setRole} />
        {add.isError && <Alert tone="danger">{accountErrorText(t, add.error)}</Alert>}
        <button type="submit" className="kassa-button" aria-disabled={add.isPending || undefined}>
          {add.isPending && <Spinner />}
          {add.isPending ? t('staffAccounts.adding') : t('staffAccounts.add_submit')}
        </button>
      </form>
    </section>
  );
}
