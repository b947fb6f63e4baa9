import { Outlet, ScrollRestoration, isRouteErrorResponse, useNavigation, useRouteError } from 'react-router';
import { ErrorState, Spinner } from '@/components/ui';
import { useRemoveBootShell } from '../boot-shell/boot-shell';

/** Thin progress bar while a lazily loaded page is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary" />;
}

export function RootLayout() {
  useRemoveBootShell();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function RootHydrateFallback() {
  return (
    <div className="grid min-h-dvh place-items-center text-primary">
      <Spinner size="lg" label="Loading AlumLink" />
    </div>
  );
}

export function RootErrorBoundary() {
  useRemoveBootShell();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong while loading this page.';
  return (
    <main className="mx-auto grid min-h-dvh max-w-lg place-items-center px-4">
      <ErrorState message={message} onRetry={() => window.location.reload()} className="w-full" />
    </main>
  );
}
