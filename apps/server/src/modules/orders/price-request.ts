import type { CreateOrderRequest } from '@kassa/domain/contract/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientGroupMembers, clientGroups } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { normaliseLanguage } from '../../lib/language.ts';
import { findClientBySession, type ClientRow } from '../clients/client-sessions.ts';
import { planRebooking, type RebookPlan } from '../rebook/plan-rebooking.ts';
import { loadOrderContext, type FieldRow } from './load-order-catalog.ts';
import { resolveOrderCodes, type OrderCodes } from '../../engine/pricing/order-codes.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import { priceOrder, type PricedOrder } from '../../engine/pricing/order-pricing.ts';
import { priceItem, type PricedItem } from './price-items.ts';
import { redeemSubscription, type Redemption } from './subscription-redemption.ts';
import { rushOf, type ProductRush } from '../waiting-room/rush-of.ts';

/** Largest amount an order can hold (int4 cents). */
export const MAX_ORDER_CENTS = 2_147_483_647;

/** The order's language: the one asked for when the shop knows it, else the shop's. */
export function orderLanguage(organisation: Organisation, asked: string | undefined): string {
  return normaliseLanguage(asked) ?? organisation.defaultLanguage;
}

/** An order request priced by the server, with what booking it needs next. */
export interface PricedRequest {
  client: ClientRow | undefined;
  productIds: number[];
  fieldRows: FieldRow[];
  language: string;
  codes: OrderCodes;
  redemptions: Redemption[];
  priced: PricedOrder<PricedItem>;
  /** The verified rebooking this request makes, if any (decision 0040). */
  rebook: RebookPlan | null;
  /** The rushes the ordered products sell under, from the rows just read (decision 0266). */
  rushes: Map<number, ProductRush>;
}

/** The client's groups, with whether each lets its members order on invoice. */
async function groupsOf(db: Db, clientId: number | undefined) {
  if (clientId === undefined) return [];
  return db
    .select({ id: clientGroups.id, allowInvoice: clientGroups.allowInvoice })
    .from(clientGroupMembers)
    .innerJoin(clientGroups, eq(clientGroups.id, clientGroupMembers.groupId))
    .where(eq(clientGroupMembers.clientId, clientId));
}

/** Who orders, for any kind: the client proven by the customer token, their groups, and whether they may order on invoice. */
export async function orderViewer(
  db: Db,
  organisation: Organisation,
  token: string | null | undefined,
  now: Date,
) {
  // The token is a live client session (decision 0120); an ended one orders as a visitor.
  const client = token ? await findClientBySession(db, organisation.id, token, now) : undefined;
  const groups = await groupsOf(db, client?.id);
  // On invoice is a permission, not a form field: a logged-in client whose account or one of
  // whose groups allows it, in a shop that invoices (decision 0053).
  const mayInvoice =
    organisation.allowInvoice &&
    (client?.allowInvoice === true || groups.some((group) => group.allowInvoice));
  return { client, viewerGroupIds: groups.map((group) => group.id), mayInvoice };
}

/** How staff price a booking they move on a visitor's behalf (decision 0247). */
export interface PriceOptions {
  /** Leave out the rebooking fee (type 1 additions): staff waive it. */
  waiveRebookingFee?: boolean;
  /** Staff book on the visitor's behalf: no rush pass is asked (decision 0266). */
  byStaff?: boolean;
}

/**
 * Loads what the request orders (only what this customer may order) and
 * prices it with the domain rules: items, subscription redemptions, a
 * verified rebooking, re-validated codes, additions and invoice. Client prices play no part.
 */
export async function priceRequest(
  db: Db,
  organisation: Organisation,
  request: CreateOrderRequest,
  now: Date,
  options: PriceOptions = {},
): Promise<PricedRequest> {
  const { client, viewerGroupIds, mayInvoice } = await orderViewer(
    db,
    organisation,
    request.customer.token,
    now,
  );
  const productIds = request.orders.map((item) => item.product.id);
  const {
    catalog,
    fields: fieldRows,
    additions: shopAdditions,
    shopRush,
  } = await loadOrderContext(db, {
    organisationId: organisation.id,
    viewerGroupIds,
    productIds,
    plotIds: request.orders.flatMap((item) => (item.product.plot != null ? [item.product.plot] : [])),
  });
  const additions = options.waiveRebookingFee
    ? shopAdditions.filter((addition) => addition.type !== 1)
    : shopAdditions;
  const clock = { now, timeZone: organisation.timeZone };
  const redemptions: Redemption[] = [];
  const items = await Promise.all(
    request.orders.map(async (item, index) => {
      const priced = priceItem(item, index, catalog, clock);
      if (!item.subscription) return priced;
      const redeemed = await redeemSubscription(
        db,
        organisation.id,
        client?.id,
        item.subscription,
        priced,
        now,
      );
      redemptions.push(redeemed.redemption);
      return redeemed.item;
    }),
  );
  const rebook = await planRebooking(db, organisation, request, items, now);
  const codes = await resolveOrderCodes(
    db,
    organisation.id,
    request.coupon,
    { products: productIds },
    client?.id ?? null,
    now,
  );
  // A rebooking settles online: never on invoice.
  const onInvoice = !rebook && mayInvoice;
  // A reservation is priced as one (docs/storefront.md §9.3, reservation total: type 1 additions never count), also when
  // it replaces a reservation: nothing was paid, so there is no credit and no rebooking fee (decision 0130).
  const priced = priceOrder(items, codes, additions, onInvoice, request.action === 'reserve' ? null : rebook);
  // Money columns are 32-bit cents: refuse rather than fail on write.
  if (priced.totals.subtotalCents + priced.totals.additionsCents > MAX_ORDER_CENTS) {
    throw orderErrors.orderTooLarge();
  }
  const language = orderLanguage(organisation, request.language ?? request.orders[0]?.language);
  const rushes = new Map<number, ProductRush>();
  for (const product of catalog.products.values()) {
    const rush = rushOf(product, shopRush);
    if (rush) rushes.set(product.id, rush);
  }
  return { client, productIds, fieldRows, language, codes, redemptions, priced, rebook, rushes };
}
