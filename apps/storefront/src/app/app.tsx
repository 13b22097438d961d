import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { RootError } from './routes/root-error';
import { AppRoutes } from './router';

/** Providers around the routes: server state (TanStack Query) and history routing; i18n is global. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ErrorBoundary fallback={<RootError />}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
