import type { StaffAccount } from '@kassa/domain/contract/staff-accounts';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useSendPasswordLink, useSetStaffAccountActive } from '../api/staff-accounts';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { StaffAccountEdit } from './staff-account-edit';

type Mode = 'view' | 'edit' | 'confirm-disable';

/**
 * One staff member: who, role and state, and what a manager can do to the
 * account. Disabling asks first, as it logs the person out at once.
 */
export function StaffAccountCard({
  account,
  isSelf,
  onNotice,
}: {
  account: StaffAccount;
  isSelf: boolean;
  onNotice: (message: string) => void;
}) {
  const t = useStaffText();
  const headingId = useId();
  const confirmId = useId();
  const [mode, setMode] = useState<Mode>('view');
  const setActive = useSetStaffAccountActive();
  const sendLink = useSendPasswordLink();
  const editButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // After a save the list is fetched again and may come back in another order;
  // moving the card in the page takes the focus away, so it is given back until
  // the fetched account has arrived.
  const focusEditUntil = useRef<StaffAccount | 'closed' | null>(null);
  const failed = [setActive, sendLink].find((mutation) => mutation.isError);
  const label = account.name || account.email;

  useEffect(() => {
    if (mode === 'confirm-disable') confirmButton.current?.focus();
  }, [mode]);

  useEffect(() => {
    const until = focusEditUntil.current;
    if (until === null) return;
    if (mode !== 'view') {
      focusEditUntil.current = null;
      return;
    }
    editButton.current?.focus();
    if (until === 'closed' || until !== account) focusEditUntil.current = null;
  }, [mode, account]);

  function closeEdit(saved: boolean) {
    // Back where the keyboard was before the form opened.
    focusEditUntil.current = saved ? account : 'closed';
    setMode('view');
    if (saved) onNotice(t('staffAccounts.saved', { email: account.email }));
  }

  function activate(active: boolean) {
    setActive.mutate(
      { id: account.id, active },
      {
        onSuccess: () => {
          setMode('view');
          onNotice(
            t(active ? 'staffAccounts.enabled_done' : 'staffAccounts.disabled_done', {
              email: account.email,
            }),
          );
        },
      },
    );
  }

  return (
    <li className={`kassa-accounts__card${account.active ? '' : ' kassa-accounts__card--disabled'}`}>
      <h3 id={headingId} className="kassa-accounts__who">
        {label} {isSelf && <span className="kassa-accounts__you">{t('staffAccounts.you')}</span>}
      </h3>
      {account.name && <p className="kassa-accounts__email">{account.email}</p>}
      <p className="kassa-accounts__facts">
        <span className="kassa-accounts__role">{t(`staffAccounts.roles.${account.role}`)}</span>
        <span>{t(account.active ? 'staffAccounts.active' : 'staffAccounts.disabled')}</span>
        {!account.password_set && <span>{t('staffAccounts.no_password')}</span>}
      </p>
      {mode === 'edit' && <StaffAccountEdit account={account} onDone={closeEdit} />}
      {mode === 'confirm-disable' && (
        <div className="kassa-accounts__confirm">
          <p id={confirmId}>{t('staffAccounts.disable_confirm', { name: label })}</p>
          <div className="kassa-accounts__actions">
            <button
              ref={confirmButton}
              type="button"
              className="kassa-button"
              aria-describedby={confirmId}
              onClick={() => activate(false)}
            >
              {t('staffAccounts.disable_yes')}
            </button>
            <button
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={() => setMode('view')}
            >
              {t('staffAccounts.cancel')}
            </button>
          </div>
        </div>
      )}
      {mode === 'view' && (
        <div className="kassa-accounts__actions" role="group" aria-labelledby={headingId}>
          <button
            ref={editButton}
            type="button"
            className="kassa-button kassa-button--secondary"
            onClick={() => setMode('edit')}
          >
            {t('staffAccounts.edit')}
          </button>
          {account.active && (
            <button
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={() =>
                sendLink.mutate(account.id, {
                  onSuccess: () => onNotice(t('staffAccounts.link_sent', { email: account.email })),
                })
              }
            >
              {t('staffAccounts.send_link')}
            </button>
          )}
          {account.active ? (
            <button
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={() => setMode('confirm-disable')}
            >
              {t('staffAccounts.disable')}
            </button>
          ) : (
            <button
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={() => activate(true)}
            >
              {t('staffAccounts.enable')}
            </button>
          )}
        </div>
      )}
      {failed && <Alert tone="danger">{accountErrorText(t, failed.error)}</Alert>}
    </li>
  );
}
