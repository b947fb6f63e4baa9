import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireUser } from '../guards';

/**
 * The user area (/user/*): guard, then the lazily loaded shell, then its pages.
 * Add a page with `{ path: paths.user.jobs, lazy: () => import(...).then((m) => ({ Component: m.JobsPage })) }`.
 */
export const userRoutes: RouteObject = {
  path: paths.user.root,
  Component: RequireUser,
  children: [
    {
      lazy: () => import('../layouts/user-layout').then((m) => ({ Component: m.UserLayout })),
      children: [{ index: true, lazy: () => import('@/features/auth/pages/signed-in-home-page').then((m) => ({ Component: m.SignedInHomePage })) }],
    },
  ],
};
