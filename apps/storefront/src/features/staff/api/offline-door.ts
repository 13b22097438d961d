import {
  offlineListSchema,
  syncResultSchema,
  type OfflineList,
  type SyncRequest,
  type SyncResult,
} from '@kassa/domain/contract/staff';
import { staffRequest } from './staff-request';

/** GET /api/staff/offline-list: today's valid tickets, hashed (decision 0094). */
export function getOfflineList(): Promise<OfflineList> {
  return staffRequest('/offline-list', { schema: offlineListSchema });
}

/** POST /api/staff/scans/sync: the admissions made offline; duplicates come back marked. */
export function syncAdmissions(request: SyncRequest): Promise<SyncResult> {
  return staffRequest('/scans/sync', { method: 'POST', body: request, schema: syncResultSchema });
}
