import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { giftCardsMailKind } from '../../gift-cards/gift-cards-mail-kind.ts';
import type { FulfilContext, FulfilledOrder } from '../../engine/order-kind.ts';
import { issueVoucherCodes } from './issue-voucher-codes.ts';

/** The outbox key of an order's gift card mail: one per order, whoever confirms it. */
export function giftCardsMailKey(orderId: number): string {
  return `GIFT_CARDS:${orderId}`;
}

/**
 * A voucher order's fulfilment: its codes, issued once, and the gift card
 * mail (one PDF gift card per code), queued in the same transaction.
 */
export async function fulfilVoucherOrder(
  tx: Tx,
  order: FulfilledOrder,
  context: FulfilContext,
): Promise<void> {
  const issued = await issueVoucherCodes(tx, order, context.now);
  if (issued === 0) return;
  await enqueueMail(
    tx,
    {
      kind: giftCardsMailKind,
      organisationId: order.organisationId,
      payload: { orderId: order.id },
      dedupeKey: giftCardsMailKey(order.id),
    },
    context.now,
  );
}
