import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAdmin } from '../guards';

/** The admin portal (/admin/*): admin guard, then the lazily loaded shell, then its pages. */
export const adminRoutes: RouteObject = {
  path: paths.admin.root,
  Component: RequireAdmin,
  children: [
    {
      lazy: () => import('../layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [{ index: true, lazy: () => import('@/features/auth/pages/signed-in-home-page').then((m) => ({ Component: m.SignedInHomePage })) }],
    },
  ],
};
