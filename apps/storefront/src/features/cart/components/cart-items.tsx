import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LinkButton } from '@/components/ui/link-button';
import { Price } from '@/components/ui/price';
import type { CartOrder } from '@/lib/cart-store';
import { RemoveOrderDialog } from './remove-order-dialog';
import './cart-items.css';

interface CartItemsProps {
  cart: readonly CartOrder[];
  /** Spec §4 Cart: editing takes the item out of the cart as the current order. */
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

/** The cart's waiting orders in the summary, each with edit and delete; delete asks first, naming the order. */
export function CartItems({ cart, onEdit, onDelete }: CartItemsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<number | null>(null);
  if (cart.length === 0) return null;
  const title = (order: CartOrder) => order.summary?.title ?? t('cart.untitled', { id: order.product.id });
  const pending = confirming === null ? undefined : cart[confirming];

  return (
    <section className="kassa-cart" aria-labelledby="kassa-cart-title">
      <h3 id="kassa-cart-title" className="kassa-cart__title">
        {t('cart.title', { count: cart.length })}
      </h3>
      <ul className="kassa-cart__list">
        {cart.map((order, index) => (
          <li key={index} className="kassa-cart__item">
            <div className="kassa-cart__head">
              <span className="kassa-cart__name">{title(order)}</span>
              {order.summary && <Price amount={order.summary.subtotalCents / 100} />}
            </div>
            {order.summary?.when && <p className="kassa-cart__when">{order.summary.when}</p>}
            {order.summary && (
              <ul className="kassa-cart__lines">
                {order.summary.lines.map((line, at) => (
                  <li key={at}>
                    {line.quantity} × {line.label}
                  </li>
                ))}
              </ul>
            )}
            <div className="kassa-cart__actions">
              <LinkButton onClick={() => onEdit(index)}>
                {t('cart.edit')}
                <span className="kassa-visually-hidden">: {title(order)}</span>
              </LinkButton>
              <LinkButton onClick={() => setConfirming(index)}>
                {t('cart.delete')}
                <span className="kassa-visually-hidden">: {title(order)}</span>
              </LinkButton>
            </div>
          </li>
        ))}
      </ul>
      <RemoveOrderDialog
        title={pending ? title(pending) : undefined}
        onConfirm={() => {
          if (confirming !== null) onDelete(confirming);
        }}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
