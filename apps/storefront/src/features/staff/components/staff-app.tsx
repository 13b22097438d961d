import { useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, Route, Routes, useLocation } from '@/lib/router/router';
import { Loading } from '@/components/ui/loading';
import { useLanguage } from '@/lib/use-language';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { afterLoginPath } from '../utils/after-login';
import { onStaffSessionChange, staffSession } from '../utils/staff-session';
import { AuditLogRoute, DashboardRoute, SetPasswordRoute, StaffAccountsRoute } from './account-pages';
import { AttendeesRoute, OrderRoute, OrdersRoute, RequestsRoute } from './orders-pages';
import { WaitlistRoute } from './waitlist-pages';
import { ScanPage } from './scan-page';
import { StaffLayout } from './staff-layout';
import { StaffLoginPage } from './staff-login-page';
import { TodayPage } from './today-page';
import './staff.css';

function useStaffSession() {
  return useSyncExternalStore(onStaffSessionChange, () => staffSession()?.token ?? null);
}

/**
 * /staff/… (decision 0093): the door's own small app, one lazy chunk beside the
 * shop, with its own layout and texts. Pages other than the login need a
 * staff session and send the device to the login without one.
 */
export function StaffApp() {
  const language = useLanguage();
  const [ready, setReady] = useState<string | null>(null);
  const token = useStaffSession();
  const location = useLocation();
  useEffect(() => {
    let live = true;
    void loadStaffTexts(language).then(() => live && setReady(language));
    return () => {
      live = false;
    };
  }, [language]);
  // The first language must be loaded; a switch keeps showing the page meanwhile.
  if (ready === null) return <Loading label="…" />;
  // A page opened without a session (a mail's link to an order) is where the login returns to.
  const here = `${location.pathname}${location.search}`;
  const guarded = (page: React.ReactNode) =>
    token ? page : <Navigate to="/staff/login" replace state={{ from: here }} />;
  return (
    <StaffLayout signedIn={token !== null}>
      <Routes>
        <Route
          path="login"
          element={token ? <Navigate to={afterLoginPath(location.state)} replace /> : <StaffLoginPage />}
        />
        <Route path="scan" element={guarded(<ScanPage />)} />
        <Route path="today" element={guarded(<TodayPage />)} />
        <Route path="accounts" element={guarded(<StaffAccountsRoute />)} />
        <Route path="audit" element={guarded(<AuditLogRoute />)} />
        <Route path="dashboard" element={guarded(<DashboardRoute />)} />
        <Route path="orders" element={guarded(<OrdersRoute />)} />
        <Route path="requests" element={guarded(<RequestsRoute />)} />
        <Route path="orders/:number" element={guarded(<OrderRoute />)} />
        <Route path="plots/:id/attendees" element={guarded(<AttendeesRoute />)} />
        <Route path="plots/:id/waitlist" element={guarded(<WaitlistRoute />)} />
        <Route path="password" element={<SetPasswordRoute />} />
        <Route path="*" element={<Navigate to={token ? '/staff/scan' : '/staff/login'} replace />} />
      </Routes>
    </StaffLayout>
  );
}
