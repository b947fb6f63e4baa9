/** Lazy entry of one admin screen (its own chunk). */
export { AdminProfilePage } from '../admin-profile/admin-profile-page';
