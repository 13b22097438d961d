/**
 * The staff accounts, audit log, dashboard and set-password pages as the staff route
 * table uses them: each its own lazily loaded chunk, so door devices never
 * download them. The staff, audit and dashboard pages are for managers; the server
 * refuses everyone else anyway.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '@/components/ui/loading';
import { useStaffText } from '../hooks/use-staff-text';
import { ManagerOnly } from './manager-only';

const StaffAccountsPage = lazy(async () => ({
  default: (await import('./staff-accounts-page')).StaffAccountsPage,
}));
const AuditLogPage = lazy(async () => ({ default: (await import('./audit-log-page')).AuditLogPage }));
// The dashboard's chunk carries its chart library: only a manager opening it downloads either (decision 0263).
const DashboardPage = lazy(async () => ({ default: (await import('./dashboard-page')).DashboardPage }));
const SetPasswordPage = lazy(async () => ({
  default: (await import('./set-password-page')).SetPasswordPage,
}));

function Lazy({ children }: { children: ReactNode }) {
  const t = useStaffText();
  return <Suspense fallback={<Loading label={t('loading')} />}>{children}</Suspense>;
}

/** /staff/accounts */
export function StaffAccountsRoute() {
  return (
    <ManagerOnly>
      <Lazy>
        <StaffAccountsPage />
      </Lazy>
    </ManagerOnly>
  );
}

/** /staff/audit */
export function AuditLogRoute() {
  return (
    <ManagerOnly>
      <Lazy>
        <AuditLogPage />
      </Lazy>
    </ManagerOnly>
  );
}

/** /staff/dashboard */
export function DashboardRoute() {
  return (
    <ManagerOnly>
      <Lazy>
        <DashboardPage />
      </Lazy>
    </ManagerOnly>
  );
}

/** /staff/password?token=…: the link mailed to a staff member, no session needed. */
export function SetPasswordRoute() {
  return (
    <Lazy>
      <SetPasswordPage />
    </Lazy>
  );
}
