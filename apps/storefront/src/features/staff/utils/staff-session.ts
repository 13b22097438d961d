/**
 * The staff session on this device (decision 0090): kept in localStorage so
 * a reload stays logged in; separate from the client's token, which never
 * opens a staff route.
 */
import type { StaffSession } from '@kassa/domain/contract/staff';

const STORAGE_KEY = 'kassa.staff-session';
const listeners = new Set<() => void>();

export function staffSession(): StaffSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StaffSession;
    return Date.parse(session.expires_at) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

export function storeStaffSession(session: StaffSession | null): void {
  try {
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the session lasts for this page only
  }
  for (const listener of listeners) listener();
}

export function onStaffSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
