import type { AppDeps, TypedApp } from '../../deps.ts';
import { categoryRoutes } from './category-routes.ts';
import { homeRoutes } from './home-routes.ts';
import { productRoutes } from './product-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { voucherRoutes } from './voucher-routes.ts';

/** The catalogue reads of docs/storefront.md §7.2. */
export async function catalogRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  await categoryRoutes(app, deps);
  await homeRoutes(app, deps);
  await productRoutes(app, deps);
  await subscriptionRoutes(app, deps);
  await voucherRoutes(app, deps);
}
