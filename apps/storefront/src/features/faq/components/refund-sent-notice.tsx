import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { clearRefundSent, refundWasSent } from '../utils/refund-sent-flag';

/**
 * The thank-you after a refund request, shown once by the page the request's
 * reload opened. It takes focus: a message present at page load is not
 * announced by its live region alone.
 */
export function RefundSentNotice() {
  const { t } = useTranslation();
  const [sent] = useState(refundWasSent);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!sent) return;
    clearRefundSent();
    box.current?.focus();
  }, [sent]);

  if (!sent) return null;
  return (
    <div ref={box} tabIndex={-1} className="kassa-faq__notice">
      <Alert tone="success">{t('faq.refund.sent')}</Alert>
    </div>
  );
}
