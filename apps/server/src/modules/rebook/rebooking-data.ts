import type { Rebooking, RebookQuantity } from '@kassa/domain/contract/rebook';
import { centsToAmount } from '@kassa/domain/rules/money';
import type { BookedOrder } from './rebookable-order.ts';
import { rebookCreditCents } from '../../engine/booking/replaced-booking.ts';
import { customerAnswer } from '../../engine/placement/customer-answer.ts';

/** A plain quantity, or audience id → quantity when the tickets were per audience. */
function ticketQuantity(tickets: ReadonlyMap<number | null, number>): RebookQuantity {
  const plain = tickets.get(null);
  if (plain !== undefined && tickets.size === 1) return plain;
  const byAudience: Record<string, number> = {};
  for (const [audienceId, quantity] of tickets) if (audienceId !== null) byAudience[audienceId] = quantity;
  return byAudience;
}

/** The rebooking data of docs/storefront.md §3.17 for a rebookable order (the caller has checked it is). */
export function rebookingData(booked: BookedOrder, secret: string): Rebooking {
  const { order, item } = booked;
  const customer = order.customer;
  return {
    hash: order.hash,
    secret,
    product: item!.productId,
    plot: item!.plot.id,
    status: order.status === 'RESERVED' ? 'RESERVED' : 'PAID',
    amount: centsToAmount(rebookCreditCents(order, booked.voucherCreditCents)),
    customer: customerAnswer(customer),
    quantity: {
      product: ticketQuantity(item!.tickets),
      upsells: Object.fromEntries([...item!.upsells].map(([id, quantity]) => [String(id), quantity])),
    },
  };
}
