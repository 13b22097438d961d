import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';

/** The subscription's information modal (spec §2). */
export function SubscriptionInfoModal({
  subscription,
  open,
  onClose,
}: {
  subscription: SubscriptionDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={subscription.title}>
      {subscription.image && <img src={subscription.image} alt="" className="kassa-subscription__image" />}
      <p className="kassa-info__text">{subscription.description}</p>
      <div className="kassa-actions">
        <button type="button" className="kassa-button" onClick={onClose}>
          {t('modal.close')}
        </button>
      </div>
    </Modal>
  );
}
