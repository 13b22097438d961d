/** HH:MM from what the server sends (HH:MM, or HH:MM:SS from some databases). */
function hhmm(time: string): string {
  return time.slice(0, 5);
}

/**
 * Spec §9 "HH:MM - HH:MM, or All day": the plot's times are already the
 * organisation's wall-clock times. null means all day (no start time).
 */
export function timeRange(time: { start: string | null; end: string | null }): string | null {
  if (!time.start) return null;
  return time.end ? `${hhmm(time.start)} - ${hhmm(time.end)}` : hhmm(time.start);
}
