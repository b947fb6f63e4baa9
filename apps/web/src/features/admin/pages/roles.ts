/** Lazy entry of one admin screen (its own chunk). */
export { RoleManagementPage } from '../roles/role-management-page';
