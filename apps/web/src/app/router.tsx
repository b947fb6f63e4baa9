import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout, RootErrorBoundary, RootHydrateFallback } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { adminRoutes } from './routes/admin';
import { publicRoutes } from './routes/public';
import { userRoutes } from './routes/user';

/** The whole route tree; tests mount the same tree in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [userRoutes, adminRoutes, { path: '/', Component: PublicLayout, children: publicRoutes }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
