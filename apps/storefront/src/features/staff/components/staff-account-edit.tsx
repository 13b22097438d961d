import type { StaffAccount } from '@kassa/domain/contract/staff-accounts';
import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { useChangeStaffAccount } from '../api/staff-accounts';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { RoleSelect } from './role-select';

/** A staff member's name and role, changed in place; the first field takes focus when it opens. */
export function StaffAccountEdit({
  account,
  onDone,
}: {
  account: StaffAccount;
  onDone: (saved: boolean) => void;
}) {
  const t = useStaffText();
  const change = useChangeStaffAccount();
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<StaffRole>(account.role);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate({ id: account.id, change: { name: name.trim(), role } }, { onSuccess: () => onDone(true) });
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="kassa-accounts__edit">
      <TextField
        name="name"
        label={t('staffAccounts.name')}
        value={name}
        onChange={setName}
        autoComplete="off"
        maxLength={200}
      />
      <RoleSelect value={role} onChange={setRole} />
      {change.isError && <Alert tone="danger">{accountErrorText(t, change.error)}</Alert>}
      <div className="kassa-accounts__actions">
        <button type="submit" className="kassa-button" aria-disabled={change.isPending || undefined}>
          {change.isPending && <Spinner />}
          {change.isPending ? t('staffAccounts.saving') : t('staffAccounts.save')}
        </button>
        <button type="button" className="kassa-button kassa-button--secondary" onClick={() => onDone(false)}>
          {t('staffAccounts.cancel')}
        </button>
      </div>
    </form>
  );
}
