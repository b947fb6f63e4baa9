/** Lazy entry of one admin screen (its own chunk). */
export { MentoringAdminPage } from '../mentoring/mentoring-admin-page';
