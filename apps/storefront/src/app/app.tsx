import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from '@/lib/router/router';
import { ErrorBoundary } from './error-boundary';
import { RootError } from './routes/root-error';
import { AppRoutes } from './router';

/**
 * The providers around the router, shared by the browser (App) and the
 * server's page renderer (entry-server.tsx), so both render the same tree.
 */
export function AppFrame({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<RootError />}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ErrorBoundary>
  );
}

/** Providers around the routes: server state (TanStack Query) and history routing; i18n is global. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppFrame queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
