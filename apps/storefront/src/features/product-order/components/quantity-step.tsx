import type { ProductDetail } from '@kassa/domain/contract/catalog';
import {
  audienceTotal,
  audienceTotalMax,
  decrementAudienceQuantity,
  decrementPlainQuantity,
  incrementAudienceQuantity,
  incrementPlainQuantity,
  isAudienceQuantityReady,
  isPlainQuantityReady,
  plainQuantityMax,
} from '@kassa/domain/rules/quantity';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Price } from '@/components/ui/price';
import { QuantityInput } from '@/components/ui/quantity-input';
import type { CartOrder } from '@/lib/cart-store';
import { quantityAvailability } from '../utils/new-order';

interface QuantityStepProps {
  product: ProductDetail;
  order: CartOrder;
  onChange: (change: (order: CartOrder) => CartOrder) => void;
}

/** Whether the quantity step may continue (docs/storefront.md §5.6: ready rules). */
export function isQuantityReady(product: ProductDetail, order: CartOrder): boolean {
  if (quantityAvailability(product) === 0) return false;
  if (!product.options.audiences) return isPlainQuantityReady(order.product.quantity);
  const quantities = Object.fromEntries(order.audiences.map((line) => [line.id, line.quantity]));
  return isAudienceQuantityReady(product.audiences, quantities, product.min_quantity);
}

/**
 * The quantity step (docs/storefront.md §2.5): a plain selector, or one per
 * audience with name, description and price; the alerts of docs/storefront.md
 * §8.4 for the limit, the minimum and no tickets. Every cap and jump comes from
 * rules/quantity.
 */
export function QuantityStep({ product, order, onChange }: QuantityStepProps) {
  const { t } = useTranslation();
  const alertId = useId();
  const availability = quantityAvailability(product);

  if (availability === 0) return <Alert tone="warning">{t('product.quantity.not_available')}</Alert>;

  if (!product.options.audiences) {
    const limits = { minQuantity: product.min_quantity, maxQuantity: product.max_quantity, availability };
    const max = plainQuantityMax(limits);
    const quantity = order.product.quantity;
    const setQuantity = (next: number) =>
      onChange((current) => ({ ...current, product: { ...current.product, quantity: next } }));
    return (
      <div className="kassa-quantity-step">
        <div className="kassa-quantity-step__row">
          <div>
            <p className="kassa-quantity-step__name" id={`${alertId}-name`}>
              {t('product.quantity.tickets')}
            </p>
            <Price amount={product.price} />
          </div>
          <QuantityInput
            label={t('product.quantity.tickets')}
            value={quantity}
            canDecrement={quantity > product.min_quantity && quantity > 0}
            canIncrement={quantity < max}
            onDecrement={() => setQuantity(decrementPlainQuantity(quantity, product.min_quantity))}
            onIncrement={() => setQuantity(incrementPlainQuantity(quantity, limits))}
            decrementLabel={t('product.quantity.decrease', { name: t('product.quantity.tickets') })}
            incrementLabel={t('product.quantity.increase', { name: t('product.quantity.tickets') })}
            describedBy={alertId}
          />
        </div>
        <div id={alertId}>
          {quantity >= max && max < 999 && (
            <Alert tone="info">{t('product.quantity.availability', { count: max })}</Alert>
          )}
          {product.min_quantity > 1 && quantity <= product.min_quantity && (
            <Alert tone="info">{t('product.quantity.minimal', { count: product.min_quantity })}</Alert>
          )}
        </div>
      </div>
    );
  }

  const quantities: Record<number, number> = Object.fromEntries(
    order.audiences.map((line) => [line.id, line.quantity]),
  );
  const total = audienceTotal(quantities);
  const max = audienceTotalMax(product.max_quantity, availability);
  const setAudience = (id: number, next: number) =>
    onChange((current) => ({
      ...current,
      audiences: current.audiences.map((line) => (line.id === id ? { ...line, quantity: next } : line)),
    }));

  return (
    <div className="kassa-quantity-step">
      <ul className="kassa-quantity-step__list">
        {product.audiences.map((audience) => {
          const quantity = quantities[audience.id] ?? 0;
          const others = total - quantity;
          const up = incrementAudienceQuantity(quantity, audience, others, max);
          return (
            <li key={audience.id} className="kassa-quantity-step__row">
              <div>
                <p className="kassa-quantity-step__name">{audience.name}</p>
                {audience.description && (
                  <p className="kassa-quantity-step__description">{audience.description}</p>
                )}
                <Price amount={audience.price} />
              </div>
              <QuantityInput
                label={audience.name}
                value={quantity}
                canDecrement={quantity > 0}
                canIncrement={up !== quantity}
                onDecrement={() => setAudience(audience.id, decrementAudienceQuantity(quantity, audience))}
                onIncrement={() =>
                  setAudience(audience.id, incrementAudienceQuantity(quantity, audience, others, max))
                }
                decrementLabel={t('product.quantity.decrease', { name: audience.name })}
                incrementLabel={t('product.quantity.increase', { name: audience.name })}
                describedBy={alertId}
              />
            </li>
          );
        })}
      </ul>
      <div id={alertId}>
        {max !== null && total >= max && (
          <Alert tone="info">{t('product.quantity.availability', { count: max })}</Alert>
        )}
        {total > 0 && total < product.min_quantity && (
          <Alert tone="warning">{t('product.quantity.minimal', { count: product.min_quantity })}</Alert>
        )}
      </div>
    </div>
  );
}
