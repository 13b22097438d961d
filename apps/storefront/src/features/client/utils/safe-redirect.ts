/** Only paths inside the shop: a login link must not send the visitor elsewhere. */
export function safeRedirect(target: string | null): string | undefined {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\')
    ? target
    : undefined;
}
