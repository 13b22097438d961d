/**
 * The route table of spec §2, history mode at the site root (react-router
 * declarative mode: the data router would add ~11 KB gzip to a home route
 * that has none to spare). Every page is its own lazy chunk, so a page
 * loads only its own code.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';

const later = () => import('./routes/coming-soon-pages');

const HomePage = lazy(async () => ({
  default: (await import('@/features/home/components/home-page')).HomePage,
}));
const FaqPage = lazy(async () => ({ default: (await import('@/features/faq/components/faq-page')).FaqPage }));
const CalendarPage = lazy(async () => ({
  default: (await import('@/features/calendar/components/calendar-page')).CalendarPage,
}));
const CategoryPage = lazy(async () => ({
  default: (await import('@/features/category/components/category-page')).CategoryPage,
}));
const VoucherCheckPage = lazy(async () => ({
  default: (await import('@/features/voucher-check/components/voucher-check-page')).VoucherCheckPage,
}));
const productPages = () => import('./routes/product-page');
const ProductPage = lazy(async () => ({ default: (await productPages()).ProductPage }));
const ProductRebookPage = lazy(async () => ({ default: (await productPages()).ProductRebookPage }));
const SubscriptionPage = lazy(async () => ({ default: (await later()).SubscriptionPage }));
const VoucherPage = lazy(async () => ({
  default: (await import('@/features/voucher-order/components/voucher-order-page')).VoucherOrderPage,
}));
const RebookPage = lazy(async () => ({
  default: (await import('@/features/rebook/components/rebook-page')).RebookPage,
}));
const RenewPage = lazy(async () => ({ default: (await later()).RenewPage }));
const ReservationPage = lazy(async () => ({
  default: (await import('./routes/reservation-page')).ReservationPage,
}));
const CheckoutReturnPage = lazy(async () => ({
  default: (await import('./routes/checkout-return-page')).CheckoutReturnPage,
}));
const NotFoundPage = lazy(async () => ({ default: (await import('./routes/not-found-page')).NotFoundPage }));
const ClientLoginPage = lazy(async () => ({
  default: (await import('./routes/client-login-page')).ClientLoginPage,
}));
// The door (issue #17): its own chunk and layout, outside the shop's frame.
const StaffApp = lazy(async () => ({
  default: (await import('@/features/staff/components/staff-app')).StaffApp,
}));
const FallbackPage = lazy(async () => ({ default: (await import('./routes/fallback-page')).FallbackPage }));

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
        <Route index element={<HomePage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="category/:id/:slug" element={<CategoryPage />} />
        <Route path="product/:id/rebook" element={<ProductRebookPage />} />
        <Route path="product/:id/:slug" element={<ProductPage />} />
        <Route path="subscription/:id/:slug" element={<SubscriptionPage />} />
        <Route path="voucher/:id/:slug" element={<VoucherPage />} />
        <Route path="voucher-check" element={<VoucherCheckPage />} />
        <Route path="rebook/:secret" element={<RebookPage />} />
        <Route path="renew/:hash" element={<RenewPage />} />
        <Route path="reservation/:hash" element={<ReservationPage />} />
        <Route path="checkout/return/:hash" element={<CheckoutReturnPage />} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="client/login" element={<ClientLoginPage />} />
        <Route path="*" element={<FallbackPage />} />
      </Route>
    </Routes>
  );
}
