import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { useStaffAccounts } from '../api/staff-accounts';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { staffSession } from '../utils/staff-session';
import { AddStaffForm } from './add-staff-form';
import { StaffAccountCard } from './staff-account-card';
import './staff-accounts.css';

/** /staff/accounts (managers): add staff, change their name and role, disable, enable, mail a password link. */
export function StaffAccountsPage() {
  const t = useStaffText();
  const accounts = useStaffAccounts();
  const [notice, setNotice] = useState<string | null>(null);
  const selfId = staffSession()?.staff.id;

  return (
    <section className="kassa-staff__page kassa-accounts">
      <title>{t('staffAccounts.title')}</title>
      <h1>{t('staffAccounts.title')}</h1>
      <p>{t('staffAccounts.intro')}</p>
      <div aria-live="polite" aria-atomic="true">
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      <AddStaffForm onAdded={(email) => setNotice(t('staffAccounts.added', { email }))} />
      <section aria-labelledby="staff-list-title">
        <h2 id="staff-list-title">{t('staffAccounts.list_title')}</h2>
        {accounts.isPending && <Loading label={t('staffAccounts.loading')} />}
        {accounts.isError && <Alert tone="danger">{accountErrorText(t, accounts.error)}</Alert>}
        {accounts.data && (
          <ul className="kassa-accounts__list">
            {accounts.data.accounts.map((account) => (
              <StaffAccountCard
                key={account.id}
                account={account}
                isSelf={account.id === selfId}
                onNotice={setNotice}
              />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
