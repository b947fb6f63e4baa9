import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAdmin } from '../guards';

const page = <K extends keyof typeof import('@/features/admin/pages')>(name: K) => ({
  lazy: () => import('@/features/admin/pages').then((m) => ({ Component: m[name] })),
});

/** The admin portal (/admin/*): admin guard, then the lazily loaded shell, then its pages. */
export const adminRoutes: RouteObject = {
  path: paths.admin.root,
  Component: RequireAdmin,
  children: [
    {
      lazy: () => import('../layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        { index: true, ...page('DashboardPage') },
        { path: paths.admin.jobs, ...page('JobsAdminPage') },
        { path: paths.admin.managePosts, ...page('ManagePostsPage') },
        { path: paths.admin.referrals, ...page('ReferralsPage') },
        { path: paths.admin.roleUpdater, ...page('RoleManagementPage') },
        { path: paths.admin.auditLog, ...page('AuditLogPage') },
        { path: paths.admin.profile, ...page('AdminProfilePage') },
      ],
    },
  ],
};
