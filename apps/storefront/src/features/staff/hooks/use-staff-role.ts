import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { useSyncExternalStore } from 'react';
import { onStaffSessionChange, staffSession } from '../utils/staff-session';

/** The role of this device's staff session (null when logged out), following changes. */
export function useStaffRole(): StaffRole | null {
  return useSyncExternalStore(onStaffSessionChange, () => staffSession()?.staff.role ?? null);
}
