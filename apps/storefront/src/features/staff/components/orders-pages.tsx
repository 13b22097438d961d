/**
 * The order search, order page and attendee list as the staff route table
 * uses them: each its own lazily loaded chunk inside the staff app, so door
 * devices never download the order pages. Orders are for the box office and
 * managers; the server refuses the door anyway.
 */
import { staffMay } from '@kassa/domain/rules/staff-role';
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { useStaffRole } from '../hooks/use-staff-role';
import { useStaffText } from '../hooks/use-staff-text';

const OrdersSearchPage = lazy(async () => ({
  default: (await import('./orders-search-page')).OrdersSearchPage,
}));
const OrderPage = lazy(async () => ({ default: (await import('./order-page')).OrderPage }));
const RequestsPage = lazy(async () => ({ default: (await import('./requests-page')).RequestsPage }));
const AttendeesPage = lazy(async () => ({ default: (await import('./attendees-page')).AttendeesPage }));

function Lazy({ children }: { children: ReactNode }) {
  const t = useStaffText();
  return <Suspense fallback={<Loading label={t('loading')} />}>{children}</Suspense>;
}

/** A page for staff who may work with orders; the door is told it is not for them. */
function OrdersOnly({ children }: { children: ReactNode }) {
  const t = useStaffText();
  const role = useStaffRole();
  if (role && staffMay(role, 'orders')) return <Lazy>{children}</Lazy>;
  return (
    <section className="kassa-staff__page">
      <title>{t('orders.title')}</title>
      <h1>{t('orders.title')}</h1>
      <Alert tone="warning">{t('orders.box_office_only')}</Alert>
    </section>
  );
}

/** /staff/orders */
export function OrdersRoute() {
  return (
    <OrdersOnly>
      <OrdersSearchPage />
    </OrdersOnly>
  );
}

/** /staff/orders/:number */
export function OrderRoute() {
  return (
    <OrdersOnly>
      <OrderPage />
    </OrdersOnly>
  );
}

/** /staff/plots/:id/attendees (every role) */
export function AttendeesRoute() {
  return (
    <Lazy>
      <AttendeesPage />
    </Lazy>
  );
}

/** /staff/requests */
export function RequestsRoute() {
  return (
    <OrdersOnly>
      <RequestsPage />
    </OrdersOnly>
  );
}
