/** The admin portal's pages, loaded lazily by the admin routes (one chunk for the area). */
export { DashboardPage } from './dashboard/dashboard-page';
export { ManagePostsPage } from './manage-posts/manage-posts-page';
export { ReferralsPage } from './referrals/referrals-page';
export { RoleManagementPage } from './roles/role-management-page';
export { AuditLogPage } from './audit-log/audit-log-page';
export { JobsAdminPage } from './jobs-admin/jobs-admin-page';
export { AdminProfilePage } from './admin-profile/admin-profile-page';
