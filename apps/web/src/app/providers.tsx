import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

/**
 * The toasts' container, loaded after the first render: no page needs it to show, and toasts
 * raised before it arrives wait in react-hot-toast's store until it mounts.
 */
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

/** Toasts in the theme's colours (react-hot-toast paints them white by default, dark mode too). */
const TOAST_OPTIONS = {
  style: { background: 'var(--surface-raised)', color: 'var(--fg)', border: '1px solid var(--border)' },
  // A hook for browser checks (e2e/phone-walk.e2e.ts fails a page that toasts an error on load).
  error: { className: 'toast-error' },
};

/** App-wide providers. Toasts: top-right with react-hot-toast's default durations (the specification's). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-right" toastOptions={TOAST_OPTIONS} />
      </Suspense>
    </QueryClientProvider>
  );
}
