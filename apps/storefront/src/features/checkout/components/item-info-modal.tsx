import { Modal } from '@/components/ui/modal';

/** What the information modal shows of the item being ordered. */
export interface ItemInfo {
  title: string;
  image: string | null;
  description: string;
}

/** The information modal of an order flow (docs/storefront.md §2.4, §2.11, §2.12): image and description. */
export function ItemInfoModal({
  item,
  open,
  onClose,
}: {
  item: ItemInfo;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={item.title}>
      {item.image && <img className="kassa-info__image" src={item.image} alt="" width={640} height={360} />}
      <p className="kassa-info__text">{item.description}</p>
    </Modal>
  );
}
