/**
 * What the product flow needs from the features it sits beside (customer
 * form, order summary, cart, coupon, payment). Features do not import each
 * other (ARCHITECTURE §1): the app's route hands these in, and TypeScript
 * checks there that each feature's component fits its slot.
 */
import type { Client } from '@kassa/domain/contract/client';
import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { OrderCustomer, Payment } from '@kassa/domain/contract/orders';
import type { Rebooking } from '@kassa/domain/contract/rebook';
import type { ComponentType, ReactNode } from 'react';
import type { CartOrder } from '@/lib/cart-store';

/** S is the customer form's own state, which the flow keeps without reading it. */
export interface CustomerSlotProps<S> {
  definitions: readonly FieldDefinition[];
  productIds: readonly number[];
  allowBusiness: boolean;
  client: Client | null;
  rebooking: boolean;
  /** A rebooking's customer (spec §3 Rebooking data): prefilled, the e-mail stays editable. */
  prefill?: Rebooking['customer'] | null;
  initial: S | null;
  onChange: (state: S) => void;
  onResult: (customer: OrderCustomer | null) => void;
  showAllErrors?: boolean;
}

export interface SubscriptionSlotProps {
  subscriptions: Client['subscriptions'];
  productId: number;
  quantity: number;
  value: string | null | undefined;
  onChange: (token: string | null) => void;
}

interface SummaryAction {
  onClick: () => void;
  disabled: boolean;
  loading: boolean;
}

export interface SummarySlotProps {
  current: {
    title: string;
    when: string | null;
    lines: { label: string; quantity: number; amountCents: number }[];
    subtotalCents: number;
  } | null;
  cart?: ReactNode;
  totals: { subtotalCents: number; discountCents: number; additionsCents: number; totalCents: number } | null;
  onInvoice: boolean;
  coupons: readonly string[];
  onRedeemCoupon?: () => void;
  onInfo?: () => void;
  pay?: SummaryAction;
  reserve?: SummaryAction;
  onAddMore?: () => void;
  onCancel?: () => void;
  /**
   * A rebooking (spec §2 Order summary): `pay` is its proceed button, worded
   * for a reserved order when `reserved`; the additions are its fee and the
   * booked order's credit comes off. `unusedCreditCents` is credit a cheaper
   * booking leaves over, which is not paid out (decision 0040).
   */
  rebooking?: { reserved: boolean; creditCents: number; unusedCreditCents: number };
}

export interface CartSlotProps {
  cart: readonly CartOrder[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

export interface CouponSlotProps {
  open: boolean;
  onClose: () => void;
  redeem: (code: string) => Promise<CouponResult>;
  onApplied: (result: CouponResult) => void;
}

export interface OrderParts<S> {
  CustomerForm: ComponentType<CustomerSlotProps<S>>;
  SubscriptionChoice: ComponentType<SubscriptionSlotProps>;
  OrderSummary: ComponentType<SummarySlotProps>;
  CartItems: ComponentType<CartSlotProps>;
  CouponModal: ComponentType<CouponSlotProps>;
  redeemCoupon: (body: CouponRequestInput) => Promise<CouponResult>;
  handOffPayment: (
    payment: Payment,
    target: { navigate: (path: string) => void; assign: (url: string) => void },
  ) => 'return-page' | 'redirected' | 'unsupported';
}
