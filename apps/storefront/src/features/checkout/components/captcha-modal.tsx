import { useTranslation } from '@/lib/use-translation';
import { Modal } from '@/components/ui/modal';
import { useLanguage } from '@/lib/use-language';
import { AltchaWidget } from './altcha-widget';

interface CaptchaModalProps {
  open: boolean;
  challengeUrl: string;
  onClose: () => void;
  /** The solved challenge's token, attached to the order for the retry (docs/storefront.md §4.12). */
  onVerified: (token: string) => void;
  /** What is sent again once solved, when it is not the order (a voucher check, a coupon). */
  text?: string;
}

/** Asks for a captcha when the server answers a SECURITY_ code (docs/storefront.md §8.2). */
export function CaptchaModal({ open, challengeUrl, onClose, onVerified, text }: CaptchaModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Modal open={open} onClose={onClose} title={t('product.captcha.title')}>
      <p>{text ?? t('product.captcha.text')}</p>
      <AltchaWidget challengeUrl={challengeUrl} language={language} onVerified={onVerified} />
    </Modal>
  );
}
