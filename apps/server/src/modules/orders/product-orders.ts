import type { CreateOrderRequest, OrderAnswer } from '@kassa/domain/contract/orders';
import type { Db } from '../../db/client.ts';
import { validateCustomer } from '../../engine/placement/customer-fields.ts';
import { orderAnswers, type ItemPrices } from '../../engine/placement/order-answer.ts';
import { pricedLines } from '../../engine/placement/order-draft.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { OrderKindPlan } from '../../engine/order-kind.ts';
import type { PricedOrder } from '../../engine/pricing/order-pricing.ts';
import { placeOrder, type PlaceOrderInput } from '../../engine/placement/place-order.ts';
import { priceRequest, type PriceOptions } from './price-request.ts';
import { itemLabel, type PricedItem } from './price-items.ts';
import { checkOpenReservations, checkReservationSize } from '../reservations/reservation-limits.ts';
import { takeRedemptions } from './subscription-redemption.ts';
import { takeSeats } from '../../engine/booking/take-seats.ts';
import { confirmSeats } from '../../engine/settlement/confirm-seats.ts';
import { fulfilProductOrder } from './fulfil-product-order.ts';
import { reserveProductOrder } from './reserve-product-order.ts';
import { claimWaitlistOffer } from '../waitlist/offer-freed-places.ts';
import { spendRushPass } from '../waiting-room/spend-pass.ts';

/** Per-item prices of a priced order; the additions and a rebooking's credit belong to the first item. */
function itemPrices(priced: PricedOrder<PricedItem>): ItemPrices[] {
  return priced.items.map((item, index) => ({
    productCents: item.subtotalCents,
    discountCents: priced.itemDiscounts[index] ?? 0,
    additionsCents: index === 0 ? priced.totals.additionsCents : 0,
    creditCents: index === 0 ? priced.creditCents : 0,
  }));
}

/** As placeOrder reads it: a simulation writes nothing, so it never needs a captcha. */
function isSimulation(request: CreateOrderRequest): boolean {
  return request.simulate === true || request.orders.some((item) => item.simulate === true);
}

/**
 * Product orders (POST /api/orders): a cart of product items, each on a
 * plot, with upsells, subscription redemptions, coupons and voucher codes,
 * or a rebooking. What they book besides the order: the redemptions, and
 * last the seats, which a late payment takes again. Their fulfilment is
 * fulfilProductOrder (tickets); a reservation gets its mails and its
 * rebooking link (reserveProductOrder).
 */
export const productOrders: OrderKindPlan<CreateOrderRequest> = productOrderKind();

/** The product kind, priced with `options` (staff moving a booking may waive the rebooking fee). */
export function productOrderKind(options: PriceOptions = {}): OrderKindPlan<CreateOrderRequest> {
  return {
    kind: 'PRODUCT',
    fulfil: fulfilProductOrder,
    reserved: reserveProductOrder,
    confirmStock: (tx, order, now) => confirmSeats(tx, order.id, now),
    isSimulation,
    captcha: (request) => request.captcha,
    async quote(db, organisation, request, now) {
      const { client, productIds, fieldRows, language, codes, redemptions, priced, rebook, rushes } =
        await priceRequest(db, organisation, request, now, options);
      return {
        clientId: client?.id ?? null,
        language,
        action: request.action,
        // The storefront sends the visit's enrichment with every cart item: the order keeps the first.
        enrichment: request.orders.find((item) => item.enrichment)?.enrichment ?? null,
        totals: priced.totals,
        onInvoice: priced.onInvoice,
        codes,
        lines: pricedLines(priced),
        voucherUses: priced.voucherUses,
        itemPrices: itemPrices(priced),
        rebook: rebook ? { ...rebook, creditCents: priced.creditCents } : null,
        confirm() {
          const customer = validateCustomer(request, fieldRows, { products: productIds });
          if (request.action === 'reserve') {
            const refused = priced.items.find((item) => !item.product.allowReservations);
            if (refused) throw orderErrors.reservationNotAllowed(itemLabel(refused.product, refused.plot));
            // A rebooking replaces a reservation of the same size: it blocks nothing more (decision 0130).
            if (!rebook)
              checkReservationSize(
                organisation,
                priced.items.reduce((sum, item) => sum + item.seats, 0),
              );
          }
          return customer;
        },
        booking: {
          async prepare(tx, order, now) {
            // While a product is in rush mode a visitor's order spends their pass (decision 0266);
            // staff moving a booking on the visitor's behalf need none.
            if (!options.byStaff)
              await spendRushPass(tx, organisation.id, productIds, request.rushPass, order.orderId, now, {
                // Read with the catalogue just before: one statement less in the booking.
                rushes,
              });
            await takeRedemptions(tx, order.orderId, redemptions);
            // Before the seat check: the places a waiting-list offer holds go to this order (decision 0252).
            if (request.waitlist) {
              const plotIds = priced.items.map((item) => item.plot.id);
              await claimWaitlistOffer(tx, request.waitlist, { orderId: order.orderId, plotIds }, now);
            }
            // Counted with the new order written, in its transaction (decision 0130); a rebooking adds none.
            if (order.status === 'RESERVED' && !rebook) {
              await checkOpenReservations(
                tx,
                organisation,
                { orderId: order.orderId, email: request.customer.email },
                now,
              );
            }
          },
          hold: (tx, order, now, options) =>
            takeSeats(
              tx,
              priced.items.map((item) => ({
                plotId: item.plot.id,
                seats: item.seats,
                limited: item.product.capacityType !== 'NONE',
                label: itemLabel(item.product, item.plot),
              })),
              // An invoiced order's seats are held for good, as a paid one's.
              {
                orderId: order.orderId,
                status: order.status === 'INVOICED' ? 'PAID' : order.status,
                expiresAt: order.expiresAt,
              },
              now,
              options,
            ),
        },
      };
    },
  };
}

/** POST /api/orders on the engine: one answer per cart item. */
export async function placeProductOrder(
  db: Db,
  input: PlaceOrderInput<CreateOrderRequest>,
): Promise<OrderAnswer[]> {
  return orderAnswers(await placeOrder(db, productOrders, input));
}
