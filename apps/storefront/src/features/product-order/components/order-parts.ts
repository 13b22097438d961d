/**
 * What the product flow needs from the cart feature beside it, which it may
 * not import (decision 0005): the app's route hands these in, and
 * TypeScript checks there that each component fits its slot. The checkout
 * (frame, customer form, summary, coupon modal, submission, hand-off) it
 * imports from features/checkout, which the layer rule names as shared.
 */
import type { ComponentType } from 'react';
import type { CartOrder } from '@/lib/cart-store';

export interface CartSlotProps {
  cart: readonly CartOrder[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

export interface RemoveSlotProps {
  /** The order's title; closed while undefined. */
  title: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

export interface OrderParts {
  CartItems: ComponentType<CartSlotProps>;
  /** The cart's "remove this order?" question, for the order being changed (decision 0196). */
  RemoveOrderDialog: ComponentType<RemoveSlotProps>;
}
