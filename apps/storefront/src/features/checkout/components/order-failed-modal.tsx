import { useTranslation } from '@/lib/use-translation';
import { Modal } from '@/components/ui/modal';
import { errorKey } from '@/lib/error-message';

/** The order-failed modal (docs/storefront.md §8.1): errors.{code lowercased}, or Unexpected error. */
export function OrderFailedModal({
  code,
  onClose,
}: {
  code: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={code !== undefined} onClose={onClose} title={t('product.failed.title')}>
      <p>{t(errorKey(code))}</p>
      <button type="button" className="kassa-button" onClick={onClose}>
        {t('product.failed.close')}
      </button>
    </Modal>
  );
}
