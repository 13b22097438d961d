import { staffSessionSchema, type StaffLogin, type StaffSession } from '@kassa/domain/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { storeStaffSession } from '../utils/staff-session';
import { staffRequest } from './staff-request';

/** POST /api/staff/login: the session is stored on success. */
export async function loginStaff(login: StaffLogin): Promise<StaffSession> {
  const session = await staffRequest('/login', { method: 'POST', body: login, schema: staffSessionSchema });
  storeStaffSession(session);
  return session;
}

export function useStaffLogin() {
  return useMutation({ mutationFn: loginStaff });
}

/** POST /api/staff/logout; the device forgets the session whatever the answer. */
export async function logoutStaff(): Promise<void> {
  try {
    await staffRequest('/logout', { method: 'POST' });
  } finally {
    storeStaffSession(null);
  }
}
