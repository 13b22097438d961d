/**
 * The route table of docs/storefront.md §2.1, history mode at the site root
 * (the shop's own router, lib/router/, decision 0279). Every page is its own
 * lazy chunk, so a page loads only its own code.
 */
import { lazy, Suspense } from 'react';
import { matchPath } from '@/lib/router/path';
import { Route, Routes } from '@/lib/router/router';
import { lazyPage, type LazyPage } from './lazy-page';
import { Layout } from './layout';

// The catalogue pages the server renders (decision 0153): preloadable, so they render without suspending.
const home = lazyPage(async () => (await import('@/features/home/components/home-page')).HomePage);
const faq = lazyPage(async () => (await import('@/features/faq/components/faq-page')).FaqPage);
const calendar = lazyPage(
  async () => (await import('@/features/calendar/components/calendar-page')).CalendarPage,
);
const category = lazyPage(
  async () => (await import('@/features/category/components/category-page')).CategoryPage,
);
const VoucherCheckPage = lazy(async () => ({
  default: (await import('@/features/voucher-check/components/voucher-check-page')).VoucherCheckPage,
}));
const productPages = () => import('./routes/product-page');
const product = lazyPage(async () => (await productPages()).ProductPage);
const ProductRebookPage = lazy(async () => ({ default: (await productPages()).ProductRebookPage }));
const SubscriptionPage = lazy(async () => ({
  default: (await import('@/features/subscription-order/components/subscription-order-page'))
    .SubscriptionOrderPage,
}));
const VoucherPage = lazy(async () => ({
  default: (await import('@/features/voucher-order/components/voucher-order-page')).VoucherOrderPage,
}));
const RebookPage = lazy(async () => ({
  default: (await import('@/features/rebook/components/rebook-page')).RebookPage,
}));
const RenewPage = lazy(async () => ({
  default: (await import('@/features/renew/components/renew-page')).RenewPage,
}));
// Rush mode's waiting room (decision 0265): its own chunk, loaded only by visitors sent there.
const WaitingRoomPage = lazy(async () => ({
  default: (await import('@/features/waiting-room/components/waiting-room-page')).WaitingRoomPage,
}));
const WithdrawalPage = lazy(async () => ({
  default: (await import('@/features/withdrawal/components/withdrawal-page')).WithdrawalPage,
}));
const ReservationPage = lazy(async () => ({
  default: (await import('./routes/reservation-page')).ReservationPage,
}));
const CheckoutReturnPage = lazy(async () => ({
  default: (await import('./routes/checkout-return-page')).CheckoutReturnPage,
}));
// The not-found pages are written by the server too, with a 404 status (decision 0197).
const notFound = lazyPage(async () => (await import('./routes/not-found-page')).NotFoundPage);
const fallback = lazyPage(async () => (await import('./routes/fallback-page')).FallbackPage);
const ClientLoginPage = lazy(async () => ({
  default: (await import('@/features/client/components/client-login-page')).ClientLoginPage,
}));
const AccountPage = lazy(async () => ({
  default: (await import('@/features/client/components/account-page')).AccountPage,
}));
// The door (decision 0093): its own chunk and layout, outside the shop's frame.
const StaffApp = lazy(async () => ({
  default: (await import('@/features/staff/components/staff-app')).StaffApp,
}));

/** source: the page module as the build manifest names it, so the server can link its CSS and chunks. */
const catalogPages: { path: string; page: LazyPage; source: string }[] = [
  { path: '/', page: home, source: 'src/features/home/components/home-page.tsx' },
  { path: '/faq', page: faq, source: 'src/features/faq/components/faq-page.tsx' },
  { path: '/calendar', page: calendar, source: 'src/features/calendar/components/calendar-page.tsx' },
  {
    path: '/category/:id/:slug',
    page: category,
    source: 'src/features/category/components/category-page.tsx',
  },
  { path: '/product/:id/:slug', page: product, source: 'src/app/routes/product-page.tsx' },
  { path: '/404', page: notFound, source: 'src/app/routes/not-found-page.tsx' },
  // Any unknown path shows the fallback page; the server renders it once, at this one (decision 0197).
  { path: '/not-found', page: fallback, source: 'src/app/routes/fallback-page.tsx' },
];

function catalogPage(pathname: string) {
  if (matchPath('/product/:id/rebook', pathname)) return undefined;
  return catalogPages.find(({ path }) => matchPath(path, pathname));
}

/**
 * Loads the chunk of the catalogue page at `pathname` (the pages the server
 * renders); false when the path is not one of them.
 */
export async function preloadCatalogPage(pathname: string): Promise<boolean> {
  const match = catalogPage(pathname);
  if (!match) return false;
  await match.page.preload();
  return true;
}

/** The module of the catalogue page at `pathname`, as the build manifest names it. */
export function catalogPageSource(pathname: string): string | undefined {
  return catalogPage(pathname)?.source;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="staff/*"
        element={
          <Suspense fallback={null}>
            <StaffApp />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<home.Page />} />
        <Route path="faq" element={<faq.Page />} />
        <Route path="calendar" element={<calendar.Page />} />
        <Route path="category/:id/:slug" element={<category.Page />} />
        <Route path="product/:id/rebook" element={<ProductRebookPage />} />
        <Route path="product/:id/:slug" element={<product.Page />} />
        <Route path="subscription/:id/:slug" element={<SubscriptionPage />} />
        <Route path="voucher/:id/:slug" element={<VoucherPage />} />
        <Route path="voucher-check" element={<VoucherCheckPage />} />
        <Route path="rebook/:secret" element={<RebookPage />} />
        <Route path="renew/:hash" element={<RenewPage />} />
        <Route path="reservation/:hash" element={<ReservationPage />} />
        <Route path="waiting-room/:id/:slug" element={<WaitingRoomPage />} />
        <Route path="withdraw/:hash" element={<WithdrawalPage />} />
        <Route path="checkout/return/:hash" element={<CheckoutReturnPage />} />
        <Route path="404" element={<notFound.Page />} />
        <Route path="client/login" element={<ClientLoginPage />} />
        <Route path="client/account" element={<AccountPage />} />
        <Route path="*" element={<fallback.Page />} />
      </Route>
    </Routes>
  );
}
