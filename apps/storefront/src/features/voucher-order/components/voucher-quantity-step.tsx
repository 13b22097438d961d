import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { audienceTotal, voucherValueMax } from '@kassa/domain/rules/quantity';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Price } from '@/components/ui/price';
import { QuantityInput } from '@/components/ui/quantity-input';
import type { ValueQuantities } from '../utils/voucher-lines';

interface VoucherQuantityStepProps {
  voucher: VoucherDetail;
  quantities: ValueQuantities;
  onChange: (quantities: ValueQuantities) => void;
}

/**
 * The voucher quantity step (docs/storefront.md §2.12, §5.6): one selector per
 * value with name, description and price; the total is capped by max_quantity
 * and each value by its availability (rules/quantity).
 */
export function VoucherQuantityStep({ voucher, quantities, onChange }: VoucherQuantityStepProps) {
  const { t } = useTranslation();
  const alertId = useId();
  const total = audienceTotal(quantities);
  const max = voucher.max_quantity;
  const offered = voucher.values.filter((value) => value.availability !== 0);
  if (offered.length === 0) return <Alert tone="warning">{t('product.quantity.not_available')}</Alert>;
  return (
    <div className="kassa-quantity-step">
      <ul className="kassa-quantity-step__list">
        {voucher.values.map((value) => {
          const quantity = quantities[value.id] ?? 0;
          const top = voucherValueMax(value, quantities, max);
          return (
            <li key={value.id} className="kassa-quantity-step__row">
              <div>
                <p className="kassa-quantity-step__name">{value.name}</p>
                {value.description && <p className="kassa-quantity-step__description">{value.description}</p>}
                <Price amount={value.price} />
                {value.availability === 0 && (
                  <p className="kassa-quantity-step__description">{t('voucher.sold_out')}</p>
                )}
              </div>
              <QuantityInput
                label={value.name}
                value={quantity}
                canDecrement={quantity > 0}
                canIncrement={quantity < top}
                onDecrement={() => onChange({ ...quantities, [value.id]: Math.max(0, quantity - 1) })}
                onIncrement={() => onChange({ ...quantities, [value.id]: Math.min(top, quantity + 1) })}
                decrementLabel={t('product.quantity.decrease', { name: value.name })}
                incrementLabel={t('product.quantity.increase', { name: value.name })}
                describedBy={alertId}
              />
            </li>
          );
        })}
      </ul>
      <div id={alertId}>
        {max !== null && total >= max && (
          <Alert tone="info">{t('product.quantity.availability', { max })}</Alert>
        )}
        {voucher.min_quantity > 1 && total < voucher.min_quantity && (
          <Alert tone="info">{t('product.quantity.minimal', { min: voucher.min_quantity })}</Alert>
        )}
      </div>
    </div>
  );
}
