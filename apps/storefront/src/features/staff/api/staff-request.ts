import { apiRequest, type ApiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { staffSession, storeStaffSession } from '../utils/staff-session';

/**
 * A call to /api/staff/… with the staff session's bearer token. An ended
 * session (401) logs the device out, so the pages go back to the login.
 */
export async function staffRequest<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const session = staffSession();
  const headers = { ...request.headers, ...(session ? { Authorization: `Bearer ${session.token}` } : {}) };
  try {
    return await apiRequest(`/staff${path}`, { ...request, headers });
  } catch (error) {
    if (isApiError(error) && error.code === 'STAFF_UNAUTHENTICATED') storeStaffSession(null);
    throw error;
  }
}
