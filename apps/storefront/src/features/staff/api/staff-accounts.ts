import {
  staffAccountListSchema,
  staffAccountSchema,
  staffPasswordSetSchema,
  type NewStaffAccount,
  type SetStaffPassword,
  type StaffAccount,
  type StaffAccountChange,
} from '@kassa/domain/contract/staff-accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/lib/use-language';
import { staffSession, storeStaffSession } from '../utils/staff-session';
import { staffRequest } from './staff-request';

const ACCOUNTS_KEY = ['staff', 'accounts'] as const;

/** GET /api/staff/accounts: the shop's staff (managers only). */
export function useStaffAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => staffRequest('/accounts', { schema: staffAccountListSchema, signal }),
    staleTime: 0,
  });
}

/**
 * After a write: the list and the audit log are read again; a manager who
 * changed their own role sees the pages of the new one at once.
 */
function useAfterWrite() {
  const queryClient = useQueryClient();
  return (account: StaffAccount) => {
    const session = staffSession();
    if (session && session.staff.id === account.id && session.staff.role !== account.role) {
      storeStaffSession({ ...session, staff: { ...session.staff, role: account.role } });
    }
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
  };
}

/** POST /api/staff/accounts: the set-password mail goes out in the manager's language. */
export function useAddStaffAccount() {
  const language = useLanguage();
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (account: NewStaffAccount) =>
      staffRequest('/accounts', { method: 'POST', body: account, schema: staffAccountSchema, language }),
    onSuccess: afterWrite,
  });
}

/** PATCH /api/staff/accounts/:id: name and/or role. */
export function useChangeStaffAccount() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StaffAccountChange }) =>
      staffRequest(`/accounts/${id}`, { method: 'PATCH', body: change, schema: staffAccountSchema }),
    onSuccess: afterWrite,
  });
}

/** POST /api/staff/accounts/:id/disable or /enable. */
export function useSetStaffAccountActive() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      staffRequest(`/accounts/${id}/${active ? 'enable' : 'disable'}`, {
        method: 'POST',
        schema: staffAccountSchema,
      }),
    onSuccess: afterWrite,
  });
}

/** POST /api/staff/accounts/:id/password-link. */
export function useSendPasswordLink() {
  const language = useLanguage();
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (id: number) =>
      staffRequest(`/accounts/${id}/password-link`, { method: 'POST', schema: staffAccountSchema, language }),
    onSuccess: afterWrite,
  });
}

/** POST /api/staff/password: the mailed link's token and the new password; no session needed. */
export function useSetStaffPassword() {
  return useMutation({
    mutationFn: (body: SetStaffPassword) =>
      staffRequest('/password', { method: 'POST', body, schema: staffPasswordSetSchema }),
  });
}
