/**
 * What the reservation page needs from the features beside it (customer
 * form, coupon, payment). Features do not import each other (ARCHITECTURE
 * §1): the app's route hands these in, and TypeScript checks there that
 * each one fits its slot.
 */
import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { OrderCustomer, Payment } from '@kassa/domain/contract/orders';
import type { FieldValue } from '@kassa/domain/rules/fields';
import type { ComponentType } from 'react';

/** The customer form's state as the form keeps it: values by field key, and the company box. */
export interface CustomerFormValues {
  values: Record<string, FieldValue>;
  company: boolean;
}

export interface CustomerSlotProps {
  definitions: readonly FieldDefinition[];
  productIds: readonly number[];
  allowBusiness: boolean;
  client: null;
  rebooking: false;
  initial: CustomerFormValues | null;
  onChange: (state: CustomerFormValues) => void;
  onResult: (customer: OrderCustomer | null) => void;
  showAllErrors?: boolean;
}

export interface CouponSlotProps {
  open: boolean;
  onClose: () => void;
  redeem: (code: string) => Promise<CouponResult>;
  onApplied: (result: CouponResult) => void;
}

export interface ReservationParts {
  CustomerForm: ComponentType<CustomerSlotProps>;
  CouponModal: ComponentType<CouponSlotProps>;
  redeemCoupon: (body: CouponRequestInput) => Promise<CouponResult>;
  /** GET /api/payment/{hash}: the reservation's payment to hand off. */
  getPayment: (hash: string) => Promise<Payment>;
  handOffPayment: (
    payment: Payment,
    target: { navigate: (path: string) => void; assign: (url: string) => void },
  ) => 'return-page' | 'redirected' | 'unsupported';
}
