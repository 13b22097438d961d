import type {
  CreateSubscriptionOrderRequest,
  SubscriptionOrderAnswer,
} from '@kassa/domain/contract/subscription-order';
import { PASSWORD_MIN_LENGTH } from '@kassa/domain/rules/constants';
import { centsToAmount } from '@kassa/domain/rules/money';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, orders, subscriptionOrders as subscriptionOrderRows } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { normaliseLanguage } from '../../lib/language.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { findClientByEmail, normaliseEmail } from '../clients/client-login.ts';
import { isRenewable } from '../clients/client-account.ts';
import { findClientBySession, startClientSession, type ClientRow } from '../clients/client-sessions.ts';
import { validateCustomer } from '../../engine/placement/customer-fields.ts';
import { loadOrderContext } from '../orders/load-order-catalog.ts';
import type { PlacedOrder } from '../../engine/placement/order-answer.ts';
import { resolveOrderCodes } from '../../engine/pricing/order-codes.ts';
import type { BookedOrder, OrderKindPlan } from '../../engine/order-kind.ts';
import { findHolding, type Holding } from './find-holding.ts';
import { fulfilSubscriptionOrder } from './fulfil-subscription-order.ts';
import { loadSubscription, viewerGroups } from './load-subscription.ts';
import { priceSubscription } from './price-subscription.ts';
import { renewalErrors } from './renewal-errors.ts';
import { subscriptionErrors } from './subscription-errors.ts';

function isSimulation(request: CreateSubscriptionOrderRequest): boolean {
  return request.simulate === true;
}

function couponCodes(coupon: CreateSubscriptionOrderRequest['coupon']): string[] {
  if (!coupon) return [];
  return typeof coupon === 'string' ? [coupon] : coupon;
}

/** The logged-in client of customer.token; a token that is no live session is refused, not ignored. */
async function clientOf(
  db: Db,
  organisationId: number,
  request: CreateSubscriptionOrderRequest,
  now: Date,
): Promise<ClientRow | undefined> {
  const token = request.customer.token;
  if (!token) return undefined;
  const client = await findClientBySession(db, organisationId, token, now);
  if (!client) throw new AppError(401, 'UNAUTHENTICATED', 'Your login has ended: please log in again');
  return client;
}

/** The renewed holding, checked: the holder's own, of this subscription, renewable, the passes its own. */
async function renewedHolding(
  db: Db,
  client: ClientRow | undefined,
  request: CreateSubscriptionOrderRequest,
): Promise<Holding | null> {
  if (!request.renewal) return null;
  if (!client) throw new AppError(401, 'UNAUTHENTICATED', 'Log in to renew a subscription');
  const holding = await findHolding(db, client.id, request.renewal);
  if (!holding) throw renewalErrors.notFound();
  if (holding.subscription.id !== request.subscription.id) throw renewalErrors.wrongSubscription();
  if (!isRenewable(holding.subscription)) throw renewalErrors.notRenewable();
  const own = new Set(holding.passes.map((pass) => pass.id));
  if ((request.passes ?? []).some((id) => !own.has(id))) throw renewalErrors.unknownPass();
  return holding;
}

/**
 * A visitor who is not signed in becomes a client with this order
 * (decision 0120): the password (≥ 6) is hashed before the booking, and an
 * e-mail that has an account is asked to log in, never merged.
 */
async function newAccount(db: Db, organisationId: number, request: CreateSubscriptionOrderRequest) {
  const password = request.customer.password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH) throw subscriptionErrors.passwordTooShort(PASSWORD_MIN_LENGTH);
  if (await findClientByEmail(db, organisationId, request.customer.email))
    throw subscriptionErrors.clientExists();
  return { passwordHash: await hashPassword(password) };
}

/**
 * Subscription orders (POST /api/subscriptions, decision 0121) on the shared
 * engine: priced here, booked and settled like every kind; what a paid one
 * fulfils is fulfilSubscriptionOrder. Booking writes the order's
 * subscription_orders row and, for a new visitor, the account and its
 * first session, in the same transaction.
 */
export const subscriptionOrders: OrderKindPlan<CreateSubscriptionOrderRequest> = {
  kind: 'SUBSCRIPTION',
  fulfil: fulfilSubscriptionOrder,
  isSimulation,
  captcha: (request) => request.captcha,
  async quote(db, organisation: Organisation, request, now) {
    const client = await clientOf(db, organisation.id, request, now);
    const offer = await loadSubscription(
      db,
      organisation.id,
      request.subscription.id,
      await viewerGroups(db, client?.id),
    );
    if (!offer) throw subscriptionErrors.notAvailable(request.subscription.id);
    const holding = await renewedHolding(db, client, request);
    const codes = await resolveOrderCodes(
      db,
      organisation.id,
      couponCodes(request.coupon),
      { subscription: offer.subscription.id },
      client?.id ?? null,
      now,
    );
    if (codes.vouchers.length > 0) throw subscriptionErrors.voucherNotAccepted(codes.vouchers[0]!.code);
    const context = await loadOrderContext(db, {
      organisationId: organisation.id,
      viewerGroupIds: [],
      productIds: [],
      plotIds: [],
    });
    const renewed = holding ? holding.passes.map((pass) => pass.audienceId) : null;
    const priced = priceSubscription(
      offer,
      request,
      renewed && renewed.length > 0 ? renewed : holding ? [null] : null,
      codes.coupon,
      context.additions,
    );
    const language = normaliseLanguage(request.language) ?? organisation.defaultLanguage;
    const account = !client && !isSimulation(request) ? await newAccount(db, organisation.id, request) : null;
    let made: { id: number; token: string } | null = null;

    async function makeAccount(tx: Tx, order: BookedOrder): Promise<void> {
      if (!account) return;
      const { customer } = request;
      const [row] = await tx
        .insert(clients)
        .values({
          organisationId: organisation.id,
          firstName: customer.first_name.trim(),
          lastName: customer.last_name.trim(),
          email: normaliseEmail(customer.email),
          company: customer.company?.trim() || null,
          vatId: customer.vat_id ?? null,
          address: customer.address ?? null,
          city: customer.city ?? null,
          passwordHash: account.passwordHash,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: clients.id });
      // Someone made an account with this e-mail meanwhile: the whole booking rolls back.
      if (!row) throw subscriptionErrors.clientExists();
      await tx.update(orders).set({ clientId: row.id }).where(eq(orders.id, order.orderId));
      made = { id: row.id, token: await startClientSession(tx, row.id, now) };
    }

    return {
      clientId: client?.id ?? null,
      language,
      action: 'pay',
      enrichment: request.enrichment ?? null,
      totals: priced.totals,
      onInvoice: false,
      codes,
      lines: priced.lines,
      voucherUses: [],
      itemPrices: [
        {
          productCents: priced.totals.subtotalCents,
          discountCents: priced.totals.discountCents,
          additionsCents: priced.totals.additionsCents,
        },
      ],
      rebook: null,
      confirm: () => validateCustomer(request, context.fields, { subscription: offer.subscription.id }),
      booking: {
        async prepare(tx, order) {
          await makeAccount(tx, order);
          await tx.insert(subscriptionOrderRows).values({
            orderId: order.orderId,
            subscriptionId: offer.subscription.id,
            renewsClientSubscriptionId: holding?.id ?? null,
            passIds: holding ? holding.passes.map((pass) => pass.id) : [],
          });
        },
        hold: async () => {},
      },
      answerExtra: () => (made ? { client: made } : {}),
    };
  },
};

/** POST /api/subscriptions' answer (docs/storefront.md §7.9): payment and subscription.amount, plus a new client's session. */
export function subscriptionAnswer(placed: PlacedOrder): SubscriptionOrderAnswer {
  const item = placed.items[0] ?? { productCents: 0, discountCents: 0, additionsCents: 0 };
  const totalCents = placed.invoice
    ? 0
    : Math.max(item.productCents - item.discountCents, 0) + item.additionsCents;
  const extra = placed.extra as { client?: { id: number; token: string } } | undefined;
  return {
    payment: placed.payment,
    subscription: {
      amount: centsToAmount(totalCents),
      subtotal: centsToAmount(item.productCents),
      discount: centsToAmount(item.discountCents),
      additions: centsToAmount(item.additionsCents),
    },
    order: placed.order,
    invoice: placed.invoice,
    client: extra?.client ?? null,
  };
}
