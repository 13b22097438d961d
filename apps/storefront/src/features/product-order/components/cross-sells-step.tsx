import type { ProductSummary } from '@kassa/domain/contract/catalog';
import { CROSS_SELL_COLLAPSE_CHARS } from '@kassa/domain/rules/constants';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LinkButton } from '@/components/ui/link-button';
import { Price } from '@/components/ui/price';

/** A description collapsed beyond CROSS_SELL_COLLAPSE_CHARS characters (docs/storefront.md §2.8) with a read-more toggle. */
function CrossSellDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > CROSS_SELL_COLLAPSE_CHARS;
  const shown = long && !open ? `${text.slice(0, CROSS_SELL_COLLAPSE_CHARS).trimEnd()}…` : text;
  return (
    <div>
      <p id={id} className="kassa-offer__description">
        {shown}
      </p>
      {long && (
        <LinkButton aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
          {open ? t('read_more.less') : t('read_more.more')}
        </LinkButton>
      )}
    </div>
  );
}

/** The cross-sell step (docs/storefront.md §2.8): choosing one puts this order in the cart and starts that product. */
export function CrossSellsStep({
  crossSells,
  onChoose,
}: {
  crossSells: ProductSummary[];
  onChoose: (product: ProductSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="kassa-offers">
      {crossSells.map((product) => (
        <li key={product.id} className="kassa-offer">
          {product.image && (
            <img className="kassa-offer__image" src={product.image} alt="" width={160} height={90} />
          )}
          <div className="kassa-offer__body">
            <h3 className="kassa-offer__title">{product.title}</h3>
            <CrossSellDescription text={product.description} />
            <div className="kassa-offer__footer">
              {product.price > 0 ? <Price amount={product.price} /> : <span>{t('item.free')}</span>}
              <button type="button" className="kassa-button" onClick={() => onChoose(product)}>
                {t('product.cross_sells.select')}
                <span className="kassa-visually-hidden">: {product.title}</span>
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
