import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAdmin } from '../guards';

/** The admin portal (/admin/*): admin guard, then the lazily loaded shell, then its pages (each its own chunk). */
export const adminRoutes: RouteObject = {
  path: paths.admin.root,
  Component: RequireAdmin,
  children: [
    {
      lazy: () => import('../layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        { index: true, lazy: () => import('@/features/admin/pages/dashboard').then((m) => ({ Component: m.DashboardPage })) },
        { path: paths.admin.jobs, lazy: () => import('@/features/admin/pages/jobs').then((m) => ({ Component: m.JobsAdminPage })) },
        { path: paths.admin.events, lazy: () => import('@/features/admin/pages/events').then((m) => ({ Component: m.EventsAdminPage })) },
        {
          path: paths.admin.managePosts,
          lazy: () => import('@/features/admin/pages/manage-posts').then((m) => ({ Component: m.ManagePostsPage })),
        },
        { path: paths.admin.reports, lazy: () => import('@/features/admin/pages/reports').then((m) => ({ Component: m.ReportsPage })) },
        { path: paths.admin.appeals, lazy: () => import('@/features/admin/pages/appeals').then((m) => ({ Component: m.AppealsPage })) },
        {
          path: paths.admin.referrals,
          lazy: () => import('@/features/admin/pages/referrals').then((m) => ({ Component: m.ReferralsPage })),
        },
        {
          path: paths.admin.mentoring,
          lazy: () => import('@/features/admin/pages/mentoring').then((m) => ({ Component: m.MentoringAdminPage })),
        },
        { path: paths.admin.outcomes, lazy: () => import('@/features/admin/pages/outcomes').then((m) => ({ Component: m.OutcomesPage })) },
        {
          path: paths.admin.roleUpdater,
          lazy: () => import('@/features/admin/pages/roles').then((m) => ({ Component: m.RoleManagementPage })),
        },
        { path: paths.admin.auditLog, lazy: () => import('@/features/admin/pages/audit-log').then((m) => ({ Component: m.AuditLogPage })) },
        { path: paths.admin.cohorts, lazy: () => import('@/features/admin/pages/cohorts').then((m) => ({ Component: m.CohortsPage })) },
        {
          path: paths.admin.invitations,
          lazy: () => import('@/features/admin/pages/invitations').then((m) => ({ Component: m.InvitationsPage })),
        },
        { path: paths.admin.roster, lazy: () => import('@/features/admin/pages/roster').then((m) => ({ Component: m.RosterPage })) },
        { path: paths.admin.system, lazy: () => import('@/features/admin/pages/system').then((m) => ({ Component: m.SystemPage })) },
        {
          path: paths.admin.profile,
          lazy: () => import('@/features/admin/pages/profile').then((m) => ({ Component: m.AdminProfilePage })),
        },
      ],
    },
  ],
};
