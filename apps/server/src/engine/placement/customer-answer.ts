import type { OrderCustomer } from '../../db/schema.ts';

/** An order's stored customer as the API answers it (rebooking data, reservation): absent values null. */
export function customerAnswer(customer: OrderCustomer) {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    company: customer.company ?? null,
    vat_id: customer.vat_id ?? null,
    address: customer.address ?? null,
    city: customer.city ?? null,
    fields: customer.fields ?? {},
  };
}
