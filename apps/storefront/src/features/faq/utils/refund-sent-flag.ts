/**
 * Spec §7: a sent refund request reloads the page. The "sent" message has to
 * outlive that reload, so it travels in sessionStorage and is shown (once)
 * by the reloaded FAQ page.
 */
const KEY = 'kassa.faq.refund-sent';

export function markRefundSent(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: the reload still happens, only the message is lost.
  }
}

export function refundWasSent(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearRefundSent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
