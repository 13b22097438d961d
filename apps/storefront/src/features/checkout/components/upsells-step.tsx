import type { Upsell } from '@kassa/domain/contract/catalog';
import { clampUpsellQuantity, upsellQuantityMax } from '@kassa/domain/rules/quantity';
import DOMPurify from 'dompurify';
import { useTranslation } from '@/lib/use-translation';
import { Price } from '@/components/ui/price';
import { QuantityInput } from '@/components/ui/quantity-input';
import { DonationInput } from './donation-input';
import './upsells-step.css';

/** An upsell as an order of any kind keeps it. */
export interface ChosenUpsell {
  id: number;
  quantity: number;
  price: number;
}

export interface UpsellsStepProps<Order extends { upsells: ChosenUpsell[] }> {
  upsells: Upsell[];
  order: Order;
  onChange: (change: (order: Order) => Order) => void;
}

function withUpsell<Order extends { upsells: ChosenUpsell[] }>(order: Order, line: ChosenUpsell): Order {
  const others = order.upsells.filter((candidate) => candidate.id !== line.id);
  return { ...order, upsells: [...others, line] };
}

/**
 * The upsell step (docs/storefront.md §2.7) of the product and subscription
 * flows: cards with image, title, sanitised description and price or free.
 */
export function UpsellsStep<Order extends { upsells: ChosenUpsell[] }>({
  upsells,
  order,
  onChange,
}: UpsellsStepProps<Order>) {
  const { t } = useTranslation();
  return (
    <ul className="kassa-offers">
      {upsells.map((upsell) => {
        const chosen = order.upsells.find((line) => line.id === upsell.id);
        const quantity = chosen?.quantity ?? 0;
        const set = (line: ChosenUpsell) => onChange((current) => withUpsell(current, line));
        return (
          <li key={upsell.id} className="kassa-offer">
            {upsell.image && (
              <img className="kassa-offer__image" src={upsell.image} alt="" width={160} height={90} />
            )}
            <div className="kassa-offer__body">
              <h3 className="kassa-offer__title">{upsell.title}</h3>
              <div
                className="kassa-offer__description"
                // Shop-written HTML (docs/storefront.md §3.5), sanitised before it reaches the page.
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(upsell.description) }}
              />
              {upsell.upsell_type === 'DONATION' ? (
                <DonationInput
                  title={upsell.title}
                  amount={chosen?.price ?? 0}
                  stepAmount={upsell.donation_step ?? 1}
                  onChange={(price, next) => set({ id: upsell.id, quantity: next, price })}
                />
              ) : (
                <div className="kassa-offer__footer">
                  {upsell.price > 0 ? <Price amount={upsell.price} /> : <span>{t('item.free')}</span>}
                  <QuantityInput
                    label={upsell.title}
                    value={quantity}
                    canDecrement={quantity > 0}
                    canIncrement={quantity < upsellQuantityMax(upsell.max_quantity)}
                    onDecrement={() =>
                      set({
                        id: upsell.id,
                        quantity: clampUpsellQuantity(quantity - 1, upsell.max_quantity),
                        price: upsell.price,
                      })
                    }
                    onIncrement={() =>
                      set({
                        id: upsell.id,
                        quantity: clampUpsellQuantity(quantity + 1, upsell.max_quantity),
                        price: upsell.price,
                      })
                    }
                    decrementLabel={t('product.quantity.decrease', { name: upsell.title })}
                    incrementLabel={t('product.quantity.increase', { name: upsell.title })}
                  />
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
