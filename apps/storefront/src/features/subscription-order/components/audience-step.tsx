import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import { AUDIENCE_QUANTITY_MAX } from '@kassa/domain/rules/constants';
import { useTranslation } from '@/lib/use-translation';
import { Price } from '@/components/ui/price';
import { QuantityInput } from '@/components/ui/quantity-input';
import { clampAudience, type SubscriptionOrderState } from '../utils/subscription-order';

/** The quantity step of a physical subscription: 0 to 10 people per audience (docs/storefront.md §5.6). */
export function AudienceStep({
  subscription,
  order,
  onChange,
}: {
  subscription: SubscriptionDetail;
  order: SubscriptionOrderState;
  onChange: (audiences: Record<string, number>) => void;
}) {
  const { t } = useTranslation();
  const set = (id: number, quantity: number) =>
    onChange({ ...order.audiences, [id]: clampAudience(quantity) });
  return (
    <ul className="kassa-audiences">
      {subscription.audiences.map((audience) => {
        const quantity = order.audiences[audience.id] ?? 0;
        return (
          <li key={audience.id} className="kassa-audience">
            <div>
              <span className="kassa-audience__name">{audience.name}</span>
              {audience.description && <p className="kassa-audience__description">{audience.description}</p>}
              <Price amount={audience.price} />
            </div>
            <QuantityInput
              label={audience.name}
              value={quantity}
              canDecrement={quantity > 0}
              canIncrement={quantity < AUDIENCE_QUANTITY_MAX}
              onDecrement={() => set(audience.id, quantity - 1)}
              onIncrement={() => set(audience.id, quantity + 1)}
              decrementLabel={t('product.quantity.decrease', { name: audience.name })}
              incrementLabel={t('product.quantity.increase', { name: audience.name })}
            />
          </li>
        );
      })}
    </ul>
  );
}
