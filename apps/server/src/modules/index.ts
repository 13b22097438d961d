import type { AppDeps, TypedApp } from '../deps.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { couponRoutes } from './coupons/routes.ts';
import { faqRoutes } from './faq/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { organisationRoutes } from './organisation/routes.ts';
import { formGatewayRoutes } from './payments/form-gateway-routes.ts';
import { hostedPaymentRoutes } from './payments/hosted-page-routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { rebookRoutes } from './rebook/routes.ts';
import { staffReportRoutes } from './reports/routes.ts';
import { reservationRoutes } from './reservations/routes.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.ts';
import { staffAccountRoutes } from './staff/account-routes.ts';
import { staffAuditRoutes } from './staff/audit-routes.ts';
import { staffOrderRoutes } from './staff/order-routes.ts';
import { staffCancelRoutes } from './staff/cancel-routes.ts';
import { staffMoveRoutes } from './staff/move-routes.ts';
import { staffRequestRoutes } from './staff/request-routes.ts';
import { staffPlotRoutes } from './staff/plot-routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { storefrontRoutes } from './storefront/routes.ts';
import { renewalRoutes } from './subscriptions/renewal-routes.ts';
import { subscriptionOrderRoutes } from './subscriptions/routes.ts';
import { voucherCheckRoutes } from './vouchers/check-routes.ts';
import { voucherOrderRoutes } from './vouchers/order-routes.ts';
import { waitlistRoutes } from './waitlist/routes.ts';
import { waitingRoomRoutes } from './waiting-room/routes.ts';
import { withdrawalRoutes } from './withdrawal/routes.ts';

/** Every module's routes under /api; the storefront last, as it owns the fallback. */
export async function registerModules(app: TypedApp, deps: AppDeps): Promise<void> {
  await app.register(
    async (api) => {
      await catalogRoutes(api, deps);
      await availabilityRoutes(api, deps);
      await organisationRoutes(api, deps);
      await clientRoutes(api, deps);
      await faqRoutes(api, deps);
      await voucherCheckRoutes(api, deps);
      await couponRoutes(api, deps);
      await orderRoutes(api, deps);
      await voucherOrderRoutes(api, deps);
      await rebookRoutes(api, deps);
      await reservationRoutes(api, deps);
      await captchaRoutes(api, deps);
      await paymentRoutes(api, deps);
      await stripeWebhookRoutes(api, deps);
      await staffRoutes(api, deps);
      await staffAccountRoutes(api, deps);
      await staffAuditRoutes(api, deps);
      await staffReportRoutes(api, deps);
      await staffOrderRoutes(api, deps);
      await staffCancelRoutes(api, deps);
      await staffMoveRoutes(api, deps);
      await staffRequestRoutes(api, deps);
      await staffPlotRoutes(api, deps);
      await renewalRoutes(api, deps);
      await subscriptionOrderRoutes(api, deps);
      await waitlistRoutes(api, deps);
      await withdrawalRoutes(api, deps);
      await waitingRoomRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  await mediaRoutes(app, deps);
  await hostedPaymentRoutes(app, deps);
  await formGatewayRoutes(app, deps);
  await storefrontRoutes(app, deps);
}
