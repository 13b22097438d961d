/**
 * The product order flow's route pages (docs/storefront.md §2.4): the app
 * composes the product-order feature with the cart feature, which do not
 * import each other (decision 0005); the checkout comes from
 * features/checkout.
 */
import { CartItems } from '@/features/cart/components/cart-items';
import { RemoveOrderDialog } from '@/features/cart/components/remove-order-dialog';
import type { OrderParts } from '@/features/product-order/components/order-parts';
import { ProductOrderPage } from '@/features/product-order/components/product-order-page';

const parts: OrderParts = { CartItems, RemoveOrderDialog };

export function ProductPage() {
  return <ProductOrderPage parts={parts} />;
}

export function ProductRebookPage() {
  return <ProductOrderPage parts={parts} rebooking />;
}
