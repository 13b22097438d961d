import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from '@/lib/router/router';
import { Modal } from '@/components/ui/modal';
import { Price } from '@/components/ui/price';
import { CartItems } from '@/features/cart/components/cart-items';
import { checkoutCart, editCartOrder } from '@/features/product-order/utils/cart-moves';
import { cartStore, removeCartOrder } from '@/lib/cart-store';

/**
 * The header cart's panel: the waiting orders with change and remove, the
 * subtotal and checkout. Its own chunk, loaded on the first click, so every
 * page's first load carries only the button (the home route's JS budget,
 * decision 0006).
 */
export function HeaderCartPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = cartStore.use();
  const totalCents = cart.reduce((sum, order) => sum + (order.summary?.subtotalCents ?? 0), 0);

  function go(path: string | null) {
    onClose();
    if (path) navigate(path);
  }

  return (
    <Modal open onClose={onClose} title={t('cart.drawer_title')}>
      {cart.length === 0 ? (
        <p>{t('cart.empty')}</p>
      ) : (
        <>
          <CartItems
            cart={cart}
            onEdit={(index) => go(editCartOrder(index))}
            onDelete={(index) => removeCartOrder(index)}
          />
          <p className="kassa-header-cart__sum">
            {t('cart.subtotal')} <Price amount={totalCents / 100} />
          </p>
        </>
      )}
      <div className="kassa-header-cart__actions">
        {cart.length > 0 && (
          <button type="button" className="kassa-button" onClick={() => go(checkoutCart())}>
            {t('cart.checkout')}
          </button>
        )}
        <button type="button" className="kassa-button kassa-button--secondary" onClick={onClose}>
          {t('cart.continue')}
        </button>
      </div>
    </Modal>
  );
}
