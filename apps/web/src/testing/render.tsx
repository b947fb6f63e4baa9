import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Mounts routes in a memory router with the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', userEventOptions }: { path?: string; userEventOptions?: UserEventOptions } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** A page under test at `path`, with stub pages for where it may navigate. */
export function renderPage(
  element: React.ReactNode,
  { path, stubs = [], userEventOptions }: { path: string; stubs?: string[]; userEventOptions?: UserEventOptions },
) {
  const routes: RouteObject[] = [{ path, element }, ...stubs.map((stubPath) => ({ path: stubPath, element: <p>Stub page {stubPath}</p> }))];
  return renderRoutes(routes, { path, userEventOptions });
}
