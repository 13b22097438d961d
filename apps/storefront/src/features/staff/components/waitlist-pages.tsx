/**
 * The staff waiting-list page as the route table uses it: its own lazily
 * loaded chunk, for box office and managers only (the server refuses the
 * door anyway, permission `orders`).
 */
import { staffMay } from '@kassa/domain/rules/staff-role';
import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { useStaffRole } from '../hooks/use-staff-role';
import { useStaffText } from '../hooks/use-staff-text';

const WaitlistPage = lazy(async () => ({ default: (await import('./waitlist-page')).WaitlistPage }));

/** /staff/plots/:id/waitlist */
export function WaitlistRoute() {
  const t = useStaffText();
  const role = useStaffRole();
  if (role && staffMay(role, 'orders')) {
    return (
      <Suspense fallback={<Loading label={t('loading')} />}>
        <WaitlistPage />
      </Suspense>
    );
  }
  return (
    <section className="kassa-staff__page">
      <title>{t('waitlistStaff.title')}</title>
      <h1>{t('waitlistStaff.title')}</h1>
      <Alert tone="warning">{t('waitlistStaff.box_office_only')}</Alert>
    </section>
  );
}
