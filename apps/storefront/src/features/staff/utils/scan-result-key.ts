import type { ScanResultCode } from '@kassa/domain/contract/staff';
import type { StaffKey } from '../hooks/use-staff-text';

/** The staff text of a scan result: a cancelled ticket's is the refunds area's (decision 0236). */
export function scanResultKey(result: ScanResultCode): StaffKey {
  return result === 'CANCELLED' ? 'refunds.result_cancelled' : `result.${result}`;
}
