import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { ReadMore } from '@/components/ui/read-more';
import { KeyFacts } from './key-facts';
import './product-intro.css';

/** Taller than a card's 100 px: on the product page the description is the main read. */
const DESCRIPTION_THRESHOLD_PX = 168;

/**
 * What the visitor books, before the steps ask anything (decision 0141): the
 * image, the description and the key facts from the catalogue. The image
 * box has its size before the file arrives, so nothing below it moves.
 */
export function ProductIntro({ product }: { product: ProductDetail }) {
  return (
    <div className="kassa-product-intro">
      {product.image && (
        <div className="kassa-product-intro__media">
          {/* Decorative: the heading above says what the product is. */}
          <img
            className="kassa-product-intro__image"
            src={product.image}
            alt=""
            width={640}
            height={360}
            fetchPriority="high"
          />
        </div>
      )}
      {product.description && (
        <div className="kassa-product-intro__body">
          <ReadMore threshold={DESCRIPTION_THRESHOLD_PX}>
            <p className="kassa-product-intro__description">{product.description}</p>
          </ReadMore>
        </div>
      )}
      <KeyFacts facts={product.key_facts} />
    </div>
  );
}
