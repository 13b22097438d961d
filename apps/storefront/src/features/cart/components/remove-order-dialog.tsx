import { useTranslation } from '@/lib/use-translation';
import { Modal } from '@/components/ui/modal';
import './cart-items.css';

interface RemoveOrderDialogProps {
  /** The title of the order to remove; the dialog is closed while undefined. */
  title: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Remove this order?", naming it: every way of
 * taking an order out of the cart asks the same question first.
 */
export function RemoveOrderDialog({ title, onConfirm, onClose }: RemoveOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={title !== undefined} onClose={onClose} title={t('cart.delete_title')}>
      {title !== undefined && (
        <div className="kassa-cart__confirm">
          <p>{t('cart.delete_question', { title })}</p>
          <div className="kassa-cart__confirm-actions">
            <button
              type="button"
              className="kassa-button"
              onClick={() => {
                onConfirm();
                onClose();
              }}
            >
              {t('cart.delete_confirm')}
            </button>
            <button type="button" className="kassa-button kassa-button--secondary" onClick={onClose}>
              {t('cart.delete_keep')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
