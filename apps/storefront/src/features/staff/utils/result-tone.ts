import type { ScanResultCode } from '@kassa/domain/contract/staff';
import type { Tone } from './beep';

/** Green for in; amber for "not now" (used, other day or slot, moved); red for never. */
export function resultTone(result: ScanResultCode): Tone {
  if (result === 'VALID') return 'ok';
  if (
    result === 'ALREADY_USED' ||
    result === 'WRONG_DAY' ||
    result === 'WRONG_SLOT' ||
    result === 'REBOOKED'
  ) {
    return 'warn';
  }
  return 'bad';
}
