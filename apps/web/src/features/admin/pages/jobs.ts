/** Lazy entry of one admin screen (its own chunk). */
export { JobsAdminPage } from '../jobs-admin/jobs-admin-page';
