/** Where a login goes: back to the staff page that asked for it (a link from a mail), else the scanner. */
export function afterLoginPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/staff/') && !from.startsWith('/staff/login')
    ? from
    : '/staff/scan';
}
