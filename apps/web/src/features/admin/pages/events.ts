/** Lazy entry of one admin screen (its own chunk). */
export { EventsAdminPage } from '../events-admin/events-admin-page';
