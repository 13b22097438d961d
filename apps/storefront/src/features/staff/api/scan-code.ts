import { scanResultSchema, type ScanResult } from '@kassa/domain/contract/staff';
import { staffRequest } from './staff-request';

/** POST /api/staff/scans: admits a ticket or pass once, or says why not. */
export function scanCode(code: string): Promise<ScanResult> {
  return staffRequest('/scans', { method: 'POST', body: { code }, schema: scanResultSchema });
}

/** POST /api/staff/admissions/{id}/undo, within the undo window. */
export async function undoAdmission(admissionId: number): Promise<void> {
  await staffRequest(`/admissions/${admissionId}/undo`, { method: 'POST' });
}
