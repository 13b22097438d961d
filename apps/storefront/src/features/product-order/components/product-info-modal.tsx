import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { Modal } from '@/components/ui/modal';

/** The product information modal (spec §2 Product order flow). */
export function ProductInfoModal({
  product,
  open,
  onClose,
}: {
  product: ProductDetail;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={product.title}>
      {product.image && (
        <img className="kassa-info__image" src={product.image} alt="" width={640} height={360} />
      )}
      <p className="kassa-info__text">{product.description}</p>
    </Modal>
  );
}
