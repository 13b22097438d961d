/**
 * A hold's time left as the header shows it: "14:05" (minutes:seconds), or
 * "1:02:09" past an hour; never below "0:00". Rounded up, so "0:00" means
 * the hold has really ended.
 */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** Milliseconds until `iso`, from `now`; negative once it has passed, null for no or a bad time. */
export function msUntil(iso: string | null, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at - now;
}
