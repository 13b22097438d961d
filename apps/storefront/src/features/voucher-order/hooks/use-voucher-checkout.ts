import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { CreateVoucherOrderInput, VoucherOrderAnswer } from '@kassa/domain/contract/voucher-orders';
import { useCheckout, type OrderKind } from '@/features/checkout/hooks/use-checkout';
import { activeLanguage } from '@/lib/language';
import { endRebooking, type StoredRebooking } from '@/lib/rebooking-store';
import { visitEnrichment } from '@/lib/visit-enrichment';
import { createVoucherOrder, voucherPrice } from '../api/create-voucher-order';
import { voucherSelection, type ValueQuantities } from '../utils/voucher-lines';

interface VoucherCheckoutInput {
  voucher: VoucherDetail;
  quantities: ValueQuantities;
  /** The quantity step is done (docs/storefront.md §4.5: min_quantity reached). */
  quantityReady: boolean;
  customer: OrderCustomer | null;
  /** A paid booking turned into this voucher (decision 0112), or null. */
  rebook: StoredRebooking | null;
  atCustomerStep: boolean;
}

/** A voucher order (POST /api/vouchers) in the shared checkout: the values chosen, for the customer. */
export function useVoucherCheckout(input: VoucherCheckoutInput) {
  const { voucher, quantities, rebook } = input;
  const kind: OrderKind<CreateVoucherOrderInput, VoucherOrderAnswer> = {
    name: 'voucher',
    request(_action, customer, simulate) {
      if (!input.quantityReady) return null;
      const { values, total } = voucherSelection(quantities);
      return {
        voucher: { id: voucher.id, quantity: total },
        values,
        customer,
        language: activeLanguage(),
        ...(rebook ? { rebook: rebook.data.hash, rebook_secret: rebook.data.secret } : {}),
        // The visit's enrichment goes with the real order only: a simulation stores nothing.
        ...(simulate ? { simulate: true } : { enrichment: visitEnrichment() }),
      };
    },
    send: createVoucherOrder,
    price: voucherPrice,
    placed(answer) {
      if (rebook) endRebooking();
      return { order: { status: answer.order.status, hash: answer.order.hash, payment: answer.payment } };
    },
  };
  return useCheckout({
    kind,
    active: input.atCustomerStep,
    customer: input.customer,
    ready: input.quantityReady,
  });
}
