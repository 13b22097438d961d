import type { Reservation, ReservedItem } from '@kassa/domain/contract/reservation';
import { centsToAmount } from '@kassa/domain/rules/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audiences,
  orderLines,
  organisationAdditions,
  plots,
  products,
  upsells,
  type LocalizedText,
} from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { pickText } from '../../lib/language.ts';
import { customerAnswer } from '../../engine/placement/customer-answer.ts';
import { findRebookSecret } from '../rebook/order-secret.ts';
import { isHolding, type FoundReservation } from './find-reservation.ts';

type LineRow = Awaited<ReturnType<typeof loadLines>>[number];

function loadLines(db: Db, orderId: number) {
  return db
    .select({
      line: orderLines,
      product: {
        id: products.id,
        slug: products.slug,
        title: products.title,
        description: products.description,
        image: products.image,
        priceType: products.priceType,
        showEndTime: products.showEndTime,
      },
      plot: { id: plots.id, date: plots.date, startTime: plots.startTime, endTime: plots.endTime },
      audienceName: audiences.name,
      upsellTitle: upsells.title,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.itemIndex), asc(orderLines.id));
}

/** The reserved items as the side panel lists them (docs/storefront.md §2.17): tickets, audiences, upsells, discount. */
function reservedItems(rows: readonly LineRow[], text: (value: LocalizedText | null) => string) {
  const items = new Map<number, ReservedItem & { cents: { price: number; discount: number } }>();
  for (const { line, product, plot, audienceName, upsellTitle } of rows) {
    if (line.kind === 'PRODUCT' && product && plot) {
      let item = items.get(line.itemIndex);
      if (!item) {
        item = {
          product: {
            id: product.id,
            slug: product.slug,
            title: text(product.title),
            description: text(product.description),
            image: product.image,
            quantity: 0,
            discount: 0,
            price: 0,
            plot: {
              id: plot.id,
              date: plot.date,
              time: {
                start: plot.startTime?.slice(0, 5) ?? null,
                end: product.showEndTime ? (plot.endTime?.slice(0, 5) ?? null) : null,
              },
            },
            audiences: [],
            unit_price: centsToAmount(line.unitPriceCents),
            types: { price: product.priceType },
          },
          upsells: [],
          cents: { price: 0, discount: 0 },
        };
        items.set(line.itemIndex, item);
      }
      item.product.quantity += line.quantity;
      item.cents.price += line.totalCents;
      if (line.audienceId !== null) {
        item.product.audiences.push({
          id: line.audienceId,
          name: text(audienceName),
          quantity: line.quantity,
          price: centsToAmount(line.unitPriceCents),
        });
      }
      continue;
    }
    const item = items.get(line.itemIndex);
    if (!item) continue;
    if (line.kind === 'UPSELL' && line.upsellId !== null) {
      item.upsells.push({
        id: line.upsellId,
        title: text(upsellTitle),
        quantity: line.quantity,
        price: centsToAmount(line.unitPriceCents),
      });
      item.cents.price += line.totalCents;
    } else if (line.kind === 'DISCOUNT') {
      item.cents.discount += line.totalCents;
    }
  }
  return [...items.values()].map(({ cents, ...item }) => ({
    ...item,
    product: { ...item.product, price: centsToAmount(cents.price), discount: centsToAmount(cents.discount) },
  }));
}

/**
 * The additions the reservation was charged, named: the shop's new-booking
 * (type 0) additions when they still add up to what was charged, else one
 * unnamed line with the amount (the shop changed them since). Type 1
 * additions never count towards a reservation (docs/storefront.md §9.3).
 */
async function chargedAdditions(
  db: Db,
  organisationId: number,
  cents: number,
  text: (value: LocalizedText | null) => string,
) {
  if (cents === 0) return [];
  const rows = await db
    .select({ name: organisationAdditions.name, amountCents: organisationAdditions.amountCents })
    .from(organisationAdditions)
    .where(and(eq(organisationAdditions.organisationId, organisationId), eq(organisationAdditions.type, 0)))
    .orderBy(asc(organisationAdditions.sort), asc(organisationAdditions.id));
  if (rows.reduce((sum, row) => sum + row.amountCents, 0) !== cents)
    return [{ name: '', amount: centsToAmount(cents) }];
  return rows.map((row) => ({ name: text(row.name), amount: centsToAmount(row.amountCents) }));
}

function answerStatus(found: FoundReservation, now: Date): Reservation['status'] {
  const { order } = found;
  if (order.status === 'RESERVED') return isHolding(order, now) ? 'RESERVED' : 'EXPIRED';
  if (order.status === 'PAID' || order.status === 'INVOICED' || order.status === 'EXPIRED')
    return order.status;
  return 'OTHER';
}

/**
 * GET /api/reservation/{hash} (docs/storefront.md §3.18): the reservation, its
 * customer, the reserved items (the first as product/upsells, the rest as
 * additional_reservations) and the server's totals, in `language`.
 */
export async function reservationAnswer(
  db: Db,
  organisation: Organisation,
  found: FoundReservation,
  language: string,
  now: Date,
): Promise<Reservation> {
  const { order, reservation } = found;
  const text = (value: LocalizedText | null) => pickText(value, language, organisation.defaultLanguage);
  const [rows, secret, additions] = await Promise.all([
    loadLines(db, order.id),
    findRebookSecret(db, order.id),
    chargedAdditions(db, organisation.id, order.additionsCents, text),
  ]);
  const [first, ...others] = reservedItems(rows, text);
  if (!first) throw new Error(`reservation ${reservation.id} has no product line`);
  const holding = isHolding(order, now);
  // The change button (docs/storefront.md §2.17): one changeable item, and a shop that rebooks.
  const rebookable =
    holding && reservation.allowChanges && others.length === 0 && organisation.rebookingAllowed;
  const customer = order.customer;
  return {
    // The numeric reservation id of docs/storefront.md §3.18: the public reference's digits, never the internal id (decision 0104).
    reservation: {
      id: Number(order.reference),
      reference: order.reference,
      customer: { email: customer.email },
    },
    hash: reservation.hash,
    order_hash: order.hash,
    status: answerStatus(found, now),
    customer: customerAnswer(customer),
    product: first.product,
    upsells: first.upsells,
    additional_reservations: others,
    expiration_date: reservation.expiresAt.toISOString(),
    hold_days: organisation.reservationDays,
    allow_changes: holding && reservation.allowChanges,
    rebooking_secret: rebookable && secret && !secret.usedAt ? secret.secret : null,
    coupons: order.couponCodes,
    prices: {
      subtotal: centsToAmount(order.subtotalCents),
      discount: centsToAmount(order.discountCents),
      additions,
      total: centsToAmount(order.totalCents),
    },
    currency: organisation.currency,
  };
}
