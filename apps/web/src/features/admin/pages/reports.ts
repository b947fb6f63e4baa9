/** Lazy entry of one admin screen (its own chunk). */
export { ReportsPage } from '../reports/reports-page';
