/**
 * The checkout of every order kind (docs/storefront.md §4.12; decision
 * 0220): the server's simulated price of the order (decision 0147), Pay and
 * Reserve with one rule for when they are disabled (decision 0148), the
 * submission with its captcha retry and failure, and what follows a
 * success. A flow says what its order is (`OrderKind`); this hook does the
 * rest the same way for products, subscriptions and vouchers.
 */
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { SimulatedTotals } from '@kassa/domain/rules/simulated-totals';
import { useState } from 'react';
import { useNavigate } from '@/lib/router/router';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { pageDefinitions } from '@/lib/page-definitions';
import type { SummaryAction } from '../components/order-summary';
import { followOrder, type PlacedOrder } from '../utils/follow-order';
import { lastPaymentStore } from '../utils/last-payment-store';
import { useOrderSimulation, type SimulationCaptcha } from './use-order-simulation';
import { useSubmitOrder, type SubmitBody, type SubmitFailure } from './use-submit-order';

export type CheckoutAction = 'pay' | 'reserve';

/** What a simulated order of any kind says about its price. */
export interface ServerPrice {
  onInvoice: boolean;
  /** Null when the answer carries no price. */
  totals: SimulatedTotals | null;
}

/** One kind of order as the checkout sends it: its request, its POST and how to read the answers. */
export interface OrderKind<Body extends SubmitBody, Answer> {
  /** Keeps each kind's simulations apart ('product', 'subscription', 'voucher'). */
  name: string;
  /**
   * The kind's request for `action` with `customer`: the form's valid
   * customer, or placeholders for a simulation (`simulate`). Null when the
   * order's own steps are not done.
   */
  request(action: CheckoutAction, customer: OrderCustomer, simulate: boolean): Body | null;
  /** The kind's POST; a real submission carries the attempt's Idempotency-Key. */
  send(body: Body, idempotencyKey?: string): Promise<Answer>;
  /** The server's price in a simulated answer. */
  price(answer: Answer): ServerPrice;
  /**
   * A success: the flow ends its own state (a cart paid for, a rebooking
   * done) and says which order to follow, with what a Back from the payment
   * page gives back (decision 0146). Null when there is nothing to follow.
   */
  placed(answer: Answer): { order: PlacedOrder; snapshot?: unknown } | null;
}

interface CheckoutOptions<Body extends SubmitBody, Answer> {
  kind: OrderKind<Body, Answer>;
  /** At the step where the order is paid (the customer step): only there is the price asked. */
  active: boolean;
  /** The form's customer when every field is valid, else null (docs/storefront.md §4.9). */
  customer: OrderCustomer | null;
  /** The flow's own part is done too (a plot chosen, a password given). */
  ready: boolean;
  /** The lines the summary lists are known (the product's plot is loaded). */
  priced?: boolean;
}

/** What the checkout frame shows of an order being checked out. */
export interface Checkout {
  /** At the step where the order is paid. */
  active: boolean;
  /** The server's totals (decision 0147): null while asked, or when the simulation failed. */
  totals: SimulatedTotals | null;
  pricing: 'pending' | 'done' | 'failed';
  onInvoice: boolean;
  /** An order is being placed and handed to its payment: checkout is the step. */
  placing: boolean;
  /** Pay or Reserve, with the one rule for when they are disabled. */
  action(which: CheckoutAction): SummaryAction;
  /** For the customer form (and a flow's own fields): what a pay attempt on an unready order asks. */
  attention: { showAllErrors: boolean; focusRequest: number };
  /** A failed submission: the order-failed modal, or the captcha whose token retries it. */
  submission: { failure: SubmitFailure | null; dismiss(): void; retryWithCaptcha(token: string): void };
  /** The price simulation's own captcha request (the code-guessing budget, decision 0102). */
  simulationCaptcha: SimulationCaptcha;
}

/**
 * The simulation's customer (docs/storefront.md §7: the customer or
 * placeholders): prices depend on the client's token only (subscriptions,
 * client coupons, invoice), so typing in the form does not re-price.
 */
function pricingCustomer(token: string | null): OrderCustomer {
  return { first_name: '', last_name: '', email: '', token, fields: {} };
}

export function useCheckout<Body extends SubmitBody, Answer>(
  options: CheckoutOptions<Body, Answer>,
): Checkout {
  const { kind, active, customer, ready, priced = true } = options;
  const navigate = useNavigate();
  const organisation = useOrganisation().data;
  const clientToken = useClient().data?.token ?? null;
  // Pay pressed on an unready order: every field says its problem, and focus goes to the first.
  const [attempts, setAttempts] = useState(0);

  const simulation = useOrderSimulation(
    kind.name,
    active ? kind.request('pay', pricingCustomer(clientToken), true) : null,
    async (body: Body) => kind.price(await kind.send(body)),
  );
  // The server's numbers only: null while asked, or when the simulation failed.
  const totals = simulation.answer?.totals ?? null;
  const pricing: 'pending' | 'done' | 'failed' = !simulation.settled ? 'pending' : totals ? 'done' : 'failed';

  const submission = useSubmitOrder({
    captchaEnabled: pageDefinitions().captcha.enabled || organisation?.captcha_enabled === true,
    send: kind.send,
    onSuccess(answer: Answer) {
      const placed = kind.placed(answer);
      if (!placed) return;
      const { order } = placed;
      lastPaymentStore.set({ payment: order.payment, hash: order.hash, status: order.status });
      followOrder(
        order,
        { navigate: (path: string) => navigate(path), assign: (url: string) => window.location.assign(url) },
        placed.snapshot,
      );
    },
  });

  function action(which: CheckoutAction): SummaryAction {
    return {
      onClick() {
        const body = ready && customer ? kind.request(which, customer, false) : null;
        if (body) void submission.submit(body);
        else setAttempts((count) => count + 1);
      },
      // Not while the price is calculated or an order is placed. An unready form is no
      // reason: Pay then says what is missing (decision 0148).
      disabled: pricing === 'pending' || !priced || submission.loading !== false,
      loading: submission.loading === which,
    };
  }

  return {
    active,
    totals,
    pricing,
    onInvoice: simulation.onInvoice,
    placing: submission.loading !== false,
    action,
    attention: { showAllErrors: attempts > 0, focusRequest: attempts },
    submission,
    simulationCaptcha: simulation.captcha,
  };
}
