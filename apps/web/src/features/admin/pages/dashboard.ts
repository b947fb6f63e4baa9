/** Lazy entry of one admin screen (its own chunk). */
export { DashboardPage } from '../dashboard/dashboard-page';
